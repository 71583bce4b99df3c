export const ORGANIZATION_USAGES = ['deny', 'allow', 'require'] as const;
export type OrganizationUsage = (typeof ORGANIZATION_USAGES)[number];
