// oidc-provider has no types; the declaration must come along wherever this file is compiled (e2e too).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider-module.d.ts" />
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { interactionPolicy, type Adapter, type AdapterPayload } from 'oidc-provider';

/**
 * A local OpenID Connect provider standing in for Google in tests. The server reaches it through
 * the very code production uses for Google (discovery, PKCE, signed ID token, nonce, `iss`
 * check); only the issuer URL differs. Its sign-in page lists the test identities, each with a
 * "Continue as …" button, and a Cancel button that answers `error=access_denied` the way Google
 * does when the user backs out.
 */

export interface TestIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture?: string;
}

const avatarSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#4f46e5"/><text x="32" y="41" font-family="Arial" font-size="26" fill="#fff" text-anchor="middle">GH</text></svg>';

/** The fixed test user: a verified Google-style identity with a name and a photo. */
export const graceHopper: TestIdentity = {
  sub: '104857600000000000001',
  email: 'grace.hopper@example.com',
  emailVerified: true,
  name: 'Grace Hopper',
  picture: `data:image/svg+xml,${encodeURIComponent(avatarSvg)}`,
};

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Replaces or adds identities offered on the sign-in page. */
  addIdentity(identity: TestIdentity): void;
  /**
   * Plays the browser at the provider without a browser: opens the app's authorization URL,
   * presses "Continue as <identity>" (or Cancel) and returns the URL the provider sends the
   * browser back to (the app's callback, with `code` or `error`).
   */
  answer(authorizationUrl: string, choice: { as: TestIdentity } | 'cancel'): Promise<URL>;
  close(): Promise<void>;
}

export interface OidcProviderOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Where the app expects the provider to send the browser back, e.g. `${PUBLIC_URL}/api/auth/callback/google`. */
  redirectUris: string[];
  identities?: TestIdentity[];
}

/** oidc-provider's storage contract, kept in memory for one provider instance. */
function memoryAdapterFor(): new (model: string) => Adapter {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string) => {
    const hit = store.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt < Date.now()) {
      store.delete(key);
      return undefined;
    }
    return hit.payload;
  };
  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
      store.set(this.key(id), { payload, expiresAt });
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      for (const [key] of store) {
        const payload = key.startsWith(`${this.model}:`) ? live(key) : undefined;
        if (payload?.uid === uid) return payload;
      }
      return undefined;
    }
    async findByUserCode(userCode: string) {
      for (const [key] of store) {
        const payload = key.startsWith(`${this.model}:`) ? live(key) : undefined;
        if (payload?.userCode === userCode) return payload;
      }
      return undefined;
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, { payload }] of store) {
        if (payload.grantId === grantId) store.delete(key);
      }
    }
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function signInPage(uid: string, identities: TestIdentity[]): string {
  const choices = identities
    .map(
      (identity) => `
      <form method="post" action="/interaction/${uid}/login">
        <input type="hidden" name="sub" value="${escapeHtml(identity.sub)}">
        <button type="submit">Continue as ${escapeHtml(identity.name)}</button>
        <small>${escapeHtml(identity.email)}${identity.emailVerified ? '' : ' (email not verified)'}</small>
      </form>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign in - Local test provider</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 26rem; margin: 2rem auto; padding: 0 1rem; }
    form { display: flex; flex-direction: column; gap: .25rem; margin: 0 0 1rem; }
    button { padding: .6rem; font-size: 1rem; cursor: pointer; }
  </style>
</head>
<body>
  <h1>Choose an account</h1>
  <p>to continue to Voltforge</p>
  ${choices}
  <form method="post" action="/interaction/${uid}/abort">
    <button type="submit">Cancel</button>
  </form>
</body>
</html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<LocalOidcProvider> {
  const identities = new Map<string, TestIdentity>();
  for (const identity of options.identities ?? [graceHopper])
    identities.set(identity.sub, identity);
  const clientId = 'voltforge-test-client';
  const clientSecret = randomBytes(24).toString('base64url');

  // The issuer URL holds the port, so listen first and attach the provider afterwards.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = {
    ...privateKey.export({ format: 'jwk' }),
    kid: 'test-key-1',
    alg: 'RS256',
    use: 'sig',
  };

  // Google's account chooser shows on every sign-in; so does this provider, which keeps every
  // journey the same whether or not the browser still has a provider session.
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'account_chooser',
        'the test provider always asks which account to use',
        (ctx) =>
          ctx.oidc.result?.login
            ? interactionPolicy.Check.NO_NEED_TO_PROMPT
            : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const provider = new Provider(issuer, {
    adapter: memoryAdapterFor(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    // Google puts the profile claims in the ID token as well as behind userinfo.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy,
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
    },
    async findAccount(_ctx: unknown, sub: string) {
      const identity = identities.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: identity.email,
          email_verified: identity.emailVerified,
          name: identity.name,
          ...(identity.picture ? { picture: identity.picture } : {}),
        }),
      };
    },
    async renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Provider error</title><h1>Provider error</h1><pre>${escapeHtml(
        JSON.stringify(out, null, 2),
      )}</pre>`;
    },
  });

  const handleProtocol = provider.callback();
  const interactionRoute = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/;

  async function handleInteraction(req: IncomingMessage, res: ServerResponse, action?: string) {
    const details = await provider.interactionDetails(req, res);
    if (!action && req.method === 'GET') {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(signInPage(details.uid, [...identities.values()]));
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    if (action === 'abort') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const sub = (await readForm(req)).get('sub') ?? '';
    if (!identities.has(sub)) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('unknown test identity');
      return;
    }
    // Consent is given with the sign-in, as Google does for a returning user.
    const grant = new provider.Grant({ accountId: sub, clientId: details.params.client_id });
    grant.addOIDCScope(details.params.scope ?? 'openid');
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    const match = interactionRoute.exec(path);
    if (match) {
      handleInteraction(req, res, match[2]).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`interaction failed: ${error instanceof Error ? error.message : String(error)}`);
      });
      return;
    }
    handleProtocol(req, res);
  });

  async function answer(authorizationUrl: string, choice: { as: TestIdentity } | 'cancel') {
    const jar = new Map<string, string>();
    const go = async (url: URL, init: RequestInit = {}) => {
      const res = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.headers as Record<string, string> | undefined),
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      });
      for (const raw of res.headers.getSetCookie()) {
        const [pair = ''] = raw.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      return res;
    };
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop += 1) {
      if (url.origin !== issuer) return url;
      const res = await go(url);
      const location = res.headers.get('location');
      if (location) {
        url = new URL(location, url);
        continue;
      }
      const page = await res.text();
      const interaction = /\/interaction\/([\w-]+)\/abort/.exec(page);
      if (!interaction) throw new Error(`unexpected provider page (${res.status}): ${page}`);
      const uid = interaction[1] ?? '';
      const submit =
        choice === 'cancel'
          ? await go(new URL(`/interaction/${uid}/abort`, issuer), { method: 'POST' })
          : await go(new URL(`/interaction/${uid}/login`, issuer), {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({ sub: choice.as.sub }).toString(),
            });
      const next = submit.headers.get('location');
      if (!next)
        throw new Error(`provider did not redirect after the sign-in page (${submit.status})`);
      url = new URL(next, url);
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    addIdentity: (identity) => void identities.set(identity.sub, identity),
    answer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
