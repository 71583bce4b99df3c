/** Access tokens live 24 h, Auth0's default for the Management API. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 86_400;
