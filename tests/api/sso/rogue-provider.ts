/**
 * A provider that answers wrongly on purpose (issue #48's refusals): discovery, JWKS, an authorization
 * endpoint that sends the browser straight back with a code, and a token endpoint whose ID token is what
 * the test asks for — signed with another key, for another client, expired, unsigned. The real provider
 * (oidc-provider) never misbehaves this way, so these answers are made here, with jose.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export type IdTokenMaker = (claims: JWTPayload & { nonce: string }, keys: RogueKeys) => Promise<string>;

export interface RogueKeys {
  /** The key its JWKS publishes. */
  published: CryptoKey;
  /** A key it does not publish. */
  other: CryptoKey;
}

export interface RogueProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the token endpoint answers for the next exchange. */
  idToken: IdTokenMaker;
  close(): Promise<void>;
}

export const signed = (key: CryptoKey, claims: JWTPayload) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'published' }).sign(key);

export async function startRogueProvider(subject: { email: string; email_verified?: boolean }): Promise<RogueProvider> {
  const published = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(published.publicKey)), kid: 'published', alg: 'RS256', use: 'sig' };
  const nonces = new Map<string, string>();
  const rogue: RogueProvider = {
    issuer: '',
    clientId: 'rogue-client',
    clientSecret: 'rogue-secret',
    idToken: async (claims, keys) => signed(keys.published, claims),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', rogue.issuer);
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer: rogue.issuer,
        authorization_endpoint: `${rogue.issuer}/auth`,
        token_endpoint: `${rogue.issuer}/token`,
        jwks_uri: `${rogue.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (url.pathname === '/jwks') return json({ keys: [jwk] });
    if (url.pathname === '/auth') {
      const code = Math.random().toString(36).slice(2);
      nonces.set(code, url.searchParams.get('nonce') ?? '');
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return res.writeHead(302, { location: back.href }).end();
    }
    if (url.pathname === '/token') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', async () => {
        const code = new URLSearchParams(body).get('code') ?? '';
        const now = Math.floor(Date.now() / 1000);
        const claims = { iss: rogue.issuer, aud: rogue.clientId, sub: 'rogue-sub', iat: now, exp: now + 300, nonce: nonces.get(code) ?? '', email: subject.email, email_verified: subject.email_verified ?? true };
        const idToken = await rogue.idToken(claims, { published: published.privateKey, other: other.privateKey });
        json({ access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: idToken });
      });
      return;
    }
    res.writeHead(404).end();
    return undefined;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  rogue.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return rogue;
}
