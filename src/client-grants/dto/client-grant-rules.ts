export const ORGANIZATION_USAGES = ['deny', 'allow', 'require'] as const;
export type OrganizationUsage = (typeof ORGANIZATION_USAGES)[number];
export const SUBJECT_TYPES = ['client', 'user'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];
export const DEFAULT_FOR = ['third_party_clients'] as const;
