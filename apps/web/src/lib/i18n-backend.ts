import type { BackendModule, Resource, ResourceKey } from 'i18next';

/**
 * Every file `locales/<lang>/<namespace>.json` is namespace <namespace> of <lang>, each its own
 * chunk fetched the first time i18next needs it (a component's `useTranslation('posts')`, a
 * route's declared namespaces, a language switch): features add their files, nothing to
 * register. Vite's lazy `import.meta.glob` is the whole backend: no English legal text on the
 * feed, no Japanese for an English reader.
 */
const loaders = import.meta.glob<ResourceKey>('../locales/*/*.json', { import: 'default' });

const pathOf = (lng: string, ns: string) => `../locales/${lng}/${ns}.json`;

function parse(path: string): { lng: string; ns: string } | null {
  const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return m ? { lng: m[1]!, ns: m[2]! } : null;
}

/** Every namespace some language has a file for. */
export const NAMESPACES: readonly string[] = [
  ...new Set(Object.keys(loaders).flatMap((p) => parse(p)?.ns ?? [])),
];

/** One namespace of one language; an empty bundle when the file does not exist. */
export function loadResource(lng: string, ns: string): Promise<ResourceKey> {
  const load = loaders[pathOf(lng, ns)];
  return load ? load() : Promise.resolve({});
}

/** Every file at once: for tests, which read translated text synchronously. */
export async function loadAllResources(): Promise<Resource> {
  const resources: Resource = {};
  await Promise.all(
    Object.entries(loaders).map(async ([path, load]) => {
      const key = parse(path);
      if (key) (resources[key.lng] ??= {})[key.ns] = await load();
    }),
  );
  return resources;
}

/** The i18next backend over those chunks. */
export const lazyBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(lng, ns, callback) {
    loadResource(lng, ns).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};
