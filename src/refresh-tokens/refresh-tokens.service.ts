import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Client, Prisma, RefreshToken } from '../generated/prisma/client.js';
import { refreshTokenPolicy } from './refresh-token-policy.js';
import { invalidRefreshToken } from './refresh-token-errors.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';

/** Where a request came from, kept as Auth0's refresh token `device`. */
export interface RequestOrigin {
  ip: string;
  userAgent?: string;
}

interface NewRefreshToken {
  client: Client;
  userId: string;
  audience: string;
  scopes: string[];
  organization?: { org_id: string; org_name?: string };
}

/** A redeemed token: what it was issued for, and its successor's value when it rotated. */
interface RedeemedRefreshToken {
  token: RefreshToken;
  successor?: string;
}

/** 256 random bits: a hash without salt is enough to store them, and a lookup by hash is exact. */
const newValue = (): string => randomBytes(32).toString('base64url');
const hashOf = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * Auth0's refresh tokens: issued by value, stored by hash; rotating ones are exchanged once for a
 * successor in the same family, and a rotated one used again after the client's leeway (or while a
 * later one was already rotated) deletes its whole family. Everything is in the database, so every
 * instance sees a rotation or a revocation at once.
 */
@Injectable()
export class RefreshTokens {
  constructor(private readonly tokens: RefreshTokensRepository) {}

  async issue(request: NewRefreshToken, origin: RequestOrigin): Promise<string> {
    const now = new Date();
    const policy = refreshTokenPolicy(request.client, now);
    const value = newValue();
    const id = randomUUID();
    await this.tokens.create({
      id,
      token_hash: hashOf(value),
      family_id: id,
      client_id: request.client.client_id,
      user_id: request.userId,
      audience: request.audience,
      scope: request.scopes,
      rotating: policy.rotating,
      organization: request.organization,
      expires_at: policy.expiresAt,
      idle_expires_at: policy.idleExpiresAt,
      initial_ip: origin.ip,
      initial_user_agent: origin.userAgent,
      last_ip: origin.ip,
      last_user_agent: origin.userAgent,
      created_at: now,
    });
    return value;
  }

  /** The token `value` of this client, unexpired, with its successor when it rotates; invalid_grant otherwise. */
  async redeem(value: string, client: Client, origin: RequestOrigin): Promise<RedeemedRefreshToken> {
    const now = new Date();
    const token = await this.tokens.findByHash(hashOf(value));
    if (token?.client_id !== client.client_id || expired(token, now)) throw invalidRefreshToken();
    const policy = refreshTokenPolicy(client, now);
    const use = { last_exchanged_at: now, last_ip: origin.ip, last_user_agent: origin.userAgent ?? null };
    // A use moves the idle expiry on, under the client's settings now (a token issued without one keeps none).
    const idle_expires_at = token.idle_expires_at === null ? null : policy.idleExpiresAt;
    if (!token.rotating) {
      await this.tokens.used(token.id, { ...use, idle_expires_at });
      return { token };
    }
    if (!(await this.tokens.claimRotation(token.id, now))) await this.reuse(token, policy.leeway, now);
    const successor = newValue();
    await this.tokens.create({
      ...successorOf(token),
      id: randomUUID(),
      token_hash: hashOf(successor),
      idle_expires_at,
      ...use,
      created_at: now,
    });
    // A reuse elsewhere may have deleted the family between the claim and this insert: then the
    // token used is gone too, and the successor must go with it.
    if (!(await this.tokens.findByHash(token.token_hash))) {
      await this.tokens.deleteFamily(token.family_id);
      throw invalidRefreshToken();
    }
    return { token, successor };
  }

  /** RFC 7009 as Auth0 answers it: a token of this client is revoked with its family; anything else is ignored. */
  async revoke(value: string, client: Client): Promise<void> {
    const token = await this.tokens.findByHash(hashOf(value));
    if (token?.client_id === client.client_id) await this.tokens.deleteFamily(token.family_id);
  }

  /**
   * A rotated token used again: allowed within the leeway if it is the latest token rotated (Auth0:
   * "only the previous token can be reused"), else a breach, and the family goes.
   */
  private async reuse(token: RefreshToken, leeway: number, now: Date): Promise<void> {
    const rotatedAt = (await this.tokens.findByHash(token.token_hash))?.rotated_at;
    if (!rotatedAt) throw invalidRefreshToken();
    const withinLeeway = now.getTime() < rotatedAt.getTime() + leeway * 1000;
    if (withinLeeway && !(await this.tokens.rotatedSince(token.family_id, rotatedAt))) return;
    await this.tokens.deleteFamily(token.family_id);
    throw invalidRefreshToken();
  }
}

function expired(token: RefreshToken, now: Date): boolean {
  return (token.expires_at !== null && token.expires_at <= now) || (token.idle_expires_at !== null && token.idle_expires_at <= now);
}

/** What a successor keeps of the token it replaces: its family, grant, absolute expiry and first device. */
function successorOf(token: RefreshToken): Omit<Prisma.RefreshTokenUncheckedCreateInput, 'id' | 'token_hash'> {
  return {
    family_id: token.family_id,
    client_id: token.client_id,
    user_id: token.user_id,
    audience: token.audience,
    scope: token.scope,
    rotating: true,
    organization: token.organization ?? undefined,
    expires_at: token.expires_at,
    initial_ip: token.initial_ip,
    initial_user_agent: token.initial_user_agent,
  };
}
