import { Module } from '@nestjs/common';
import { EffectiveAccessService } from './effective-access.service.js';
import { EffectivePermissions } from './effective-permissions.js';
import { MemberEffectiveRolesController } from './member-effective-roles.controller.js';
import { MemberRolesController } from './member-roles.controller.js';
import { PermissionsRepository } from './permissions.repository.js';
import { PermissionsService } from './permissions.service.js';
import { RoleAssignmentsRepository } from './role-assignments.repository.js';
import { RoleAssignmentsService } from './role-assignments.service.js';
import { RolePermissionsController } from './role-permissions.controller.js';
import { RoleUsersController } from './role-users.controller.js';
import { RolesController } from './roles.controller.js';
import { RolesRepository } from './roles.repository.js';
import { RolesService } from './roles.service.js';
import { UserEffectiveAccessController } from './user-effective-access.controller.js';
import { UserPermissionsController } from './user-permissions.controller.js';
import { UserRolesController } from './user-roles.controller.js';

/** Role-based access control: /roles and the roles and permissions of users and organization members. */
@Module({
  controllers: [
    RolesController,
    RolePermissionsController,
    RoleUsersController,
    UserRolesController,
    UserPermissionsController,
    MemberRolesController,
    UserEffectiveAccessController,
    MemberEffectiveRolesController,
  ],
  providers: [
    RolesService,
    RolesRepository,
    PermissionsService,
    PermissionsRepository,
    RoleAssignmentsService,
    RoleAssignmentsRepository,
    EffectivePermissions,
    EffectiveAccessService,
  ],
  // The token grants read a user's permissions and roles.
  exports: [EffectivePermissions],
})
export class RolesModule {}
