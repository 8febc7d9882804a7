import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';

/**
 * The deployment files are code nobody runs here (no Docker engine, no cluster), so they are checked offline:
 * the Kubernetes manifests against the API's schemas, the Dockerfiles with hadolint, and what scaling out relies
 * on (probes, disruption budgets, no fixed host port on a replicated service, one Temporal dynamic config).
 * scripts/test.sh installs both tools into .venv (ensure_deploy_checks).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const k8s = join(root, 'deploy/k8s');
const bin = (name: string) => join(root, '.venv/bin', name);
const run = promisify(execFile);

type Doc = {
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  // Parsed YAML, read field by field below: a full typing of the Kubernetes API would add nothing here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec?: Record<string, any>;
};
/** Files kubectl applies: everything but kustomize's own file and the Temporal chart's values. */
const manifestFiles = readdirSync(k8s).filter(
  (f) => f.endsWith('.yaml') && f !== 'kustomization.yaml' && f !== 'temporal-values.yaml',
);
const docs: Doc[] = manifestFiles.flatMap((f) =>
  parseAllDocuments(readFileSync(join(k8s, f), 'utf8')).map((d) => d.toJS() as Doc),
);
const byKind = (kind: string) => docs.filter((d) => d.kind === kind);
const deployment = (component: string) =>
  byKind('Deployment').find((d) => d.metadata.labels?.['app.kubernetes.io/component'] === component)!;

describe('deployment files', () => {
  it('every Kubernetes manifest validates strictly against the Kubernetes API schema', async () => {
    const { stdout } = await run(bin('kubernetes-validate'), ['--strict', ...manifestFiles.map((f) => join(k8s, f))]);
    const passed = stdout.split('\n').filter((l) => l.includes(' passed for resource '));
    expect(passed).toHaveLength(docs.length);
  }, 120_000);

  it('kustomize applies every manifest of the folder', () => {
    const kustomization = parse(readFileSync(join(k8s, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
    expect([...kustomization.resources].sort()).toEqual([...manifestFiles].sort());
  });

  it('hadolint finds nothing in the Dockerfiles, and the services do not run as root', async () => {
    const files = readdirSync(join(root, 'deploy')).filter((f) => f.endsWith('Dockerfile'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    const result = await run(
      bin('hadolint'),
      files.map((f) => join(root, 'deploy', f)),
    ).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
    expect(result.out).toBe('');
    expect(result.code).toBe(0);
    expect(readFileSync(join(root, 'deploy/node.Dockerfile'), 'utf8')).toMatch(/^USER 1000:1000$/m);
  }, 120_000);

  it('gateways and workers run replicated, with readiness, a disruption budget and the migration awaited', () => {
    for (const component of ['gateway', 'worker']) {
      const d = deployment(component);
      expect(d.spec!.replicas).toBeGreaterThanOrEqual(2);
      const pod = d.spec!.template.spec;
      const [container] = pod.containers;
      expect(container.readinessProbe.httpGet.path).toBe(component === 'gateway' ? '/healthz' : '/');
      expect(pod.initContainers[0].command).toContain('--wait');
      const pdb = byKind('PodDisruptionBudget').find((p) =>
        Object.entries(p.spec!.selector.matchLabels).every(([k, v]) => d.spec!.template.metadata.labels[k] === v),
      );
      expect(pdb?.spec!.minAvailable).toBe(1);
    }
    const migrate = byKind('Job').find((j) => j.metadata.name === 'belegfluss-migrate')!;
    expect(migrate.spec!.template.spec.containers[0].env).toContainEqual({
      name: 'SERVICE',
      value: 'packages/db/src/migrate-cli.ts',
    });
    for (const app of ['shell', 'preferences', 'partner', 'admin'])
      expect(deployment(app).spec!.template.spec.containers[0].readinessProbe.httpGet.path).toBe('/healthz');
  });

  it('docker-compose can scale gateway and worker: neither publishes a fixed host port', () => {
    const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { ports?: string[] }>;
    };
    expect(compose.services.gateway!.ports).toBeUndefined();
    expect(compose.services.worker!.ports).toBeUndefined();
  });

  it('the Temporal chart gets the same dynamic config as the dev server and docker-compose', () => {
    const values = parse(readFileSync(join(k8s, 'temporal-values.yaml'), 'utf8')) as {
      server: { dynamicConfig: unknown };
    };
    const shared = parse(readFileSync(join(root, 'deploy/temporal-dynamic-config.yaml'), 'utf8')) as unknown;
    expect(values.server.dynamicConfig).toEqual(shared);
  });
});
