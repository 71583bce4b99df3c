import { ApiProperty } from '@nestjs/swagger';
import { ActionTriggerRefView } from './action.view.js';

class ActionTriggerView {
  @ApiProperty() id: string;
  @ApiProperty() version: string;
  @ApiProperty() status: string;
  @ApiProperty({ type: [String] }) runtimes: string[];
  @ApiProperty() default_runtime: string;
  @ApiProperty({ type: [ActionTriggerRefView] }) compatible_triggers: ActionTriggerRefView[];
  @ApiProperty({ enum: ['trigger-bound', 'entity-bound'] }) binding_policy: string;
}

export class ActionTriggerListView {
  @ApiProperty({ type: [ActionTriggerView] }) triggers: ActionTriggerView[];
}
