// Organization settings Auth0 accepts that change nothing here yet: stored in the `settings`
// column exactly as accepted and returned on every read.

export const THIRD_PARTY_CLIENT_ACCESS = ['block', 'allow'] as const;
