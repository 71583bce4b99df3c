import { Injectable } from '@nestjs/common';
import { ConnectionsRepository } from '../connections/connections.repository.js';
import { connectionNotEnabled, invalidParameter, missingParameter, unknownClient, unknownConnection } from './dbconnection-errors.js';

/** A /dbconnections body's fields, read as Auth0 reads them: strings, with Auth0's shape of error. */
export class DbConnectionFields {
  private readonly fields: Record<string, unknown>;

  constructor(body: unknown) {
    this.fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  }

  required(name: string): string {
    const value = this.text(name);
    if (value === undefined) throw missingParameter(name);
    return value;
  }

  text(name: string): string | undefined {
    const value = this.fields[name];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw invalidParameter(name, 'a string');
    return value;
  }

  email(): string {
    const email = this.required('email');
    // The shape class-validator's IsEmail would want is stricter than Auth0's; this is the floor both keep.
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw invalidParameter('email', 'an email address');
    return email;
  }

  object(name: string): Record<string, unknown> | undefined {
    const value = this.fields[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) throw invalidParameter(name, 'an object');
    return value as Record<string, unknown>;
  }
}

/** The database connection a /dbconnections request names, which must be enabled for its client. */
@Injectable()
export class ClientDatabaseConnections {
  constructor(private readonly connections: ConnectionsRepository) {}

  async resolve(clientId: string, name: string): Promise<{ id: string }> {
    if (!(await this.connections.clientExists(clientId))) throw unknownClient();
    const connection = await this.connections.findForClient(name, clientId);
    if (connection?.strategy !== 'auth0') throw unknownConnection(name);
    if (!connection.enabled) throw connectionNotEnabled();
    return connection;
  }
}
