import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What one dependency tells `/api/ready`: null while it answers within its bound, otherwise the
 * degraded mode the shop is in because of it (docs/architecture.md, "Dependencies").
 */
export type DependencyProbe = () => Promise<string | null> | string | null;

export interface DegradedDependency {
  dependency: string;
  mode: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Declared by the code that uses a dependency (the rate limits for Redis, the mail sender for
     * SMTP, the payments for the card provider): `/api/ready` asks every probe and names each
     * degraded one with its mode. The database is not declared here: without it there is no answer.
     */
    declareDependency(name: string, probe: DependencyProbe): void;
    /** Asks every declared dependency at once; the degraded ones, in declaration order. */
    degradedDependencies(): Promise<DegradedDependency[]>;
  }
}

export const dependenciesPlugin = fp(
  async (app: FastifyInstance) => {
    const probes: Array<{ name: string; probe: DependencyProbe }> = [];
    app.decorate('declareDependency', (name: string, probe: DependencyProbe) => {
      probes.push({ name, probe });
    });
    app.decorate('degradedDependencies', async () => {
      const states = await Promise.all(
        probes.map(async ({ name, probe }) => ({
          dependency: name,
          // A probe bounds itself; one that throws is a dependency that does not answer.
          mode: await Promise.resolve()
            .then(probe)
            .catch(() => 'not answering'),
        })),
      );
      return states.filter((s): s is DegradedDependency => s.mode !== null);
    });
  },
  { name: 'dependencies' },
);
