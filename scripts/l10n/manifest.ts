/**
 * The manifest's text through package.nls.json: every string VS Code shows from package.json (titles, descriptions,
 * walkthrough texts, setting descriptions…) becomes a `%key%` placeholder, its English text goes to
 * package.nls.json under a key made from the contribution's id. Idempotent: placeholders already there are left
 * alone, so it can run again after new commands or settings are added. Pure; `npm run l10n` runs it.
 */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** A shown string of the manifest: where it is and the key its text goes under. */
export interface ManifestText {
  key: string;
  value: string;
  /** Replaces the value in the manifest. */
  set(value: string): void;
}

const PLACEHOLDER = /^%([^%\s]+)%$/;

/** The `%key%` in a value, if it is a placeholder. */
export function placeholderKey(value: string): string | undefined {
  return PLACEHOLDER.exec(value)?.[1];
}

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const asArray = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
/** `standardsExplorer.signIn` → `signIn`: keys stay short and readable. */
const short = (id: string): string => id.replace(/^standardsExplorer\./, '');

/** Every shown string of a manifest, with its key. */
export function manifestTexts(manifest: JsonObject): ManifestText[] {
  const texts: ManifestText[] = [];
  const field = (owner: JsonObject | Json[], name: string | number, key: string): void => {
    const value = (owner as Record<string | number, Json>)[name];
    if (typeof value === 'string' && value !== '') texts.push({ key, value, set: (v) => ((owner as Record<string | number, Json>)[name] = v) });
  };
  field(manifest, 'displayName', 'displayName');
  field(manifest, 'description', 'description');
  for (const [kind, capability] of Object.entries(isObject(manifest.capabilities) ? manifest.capabilities : {}))
    if (isObject(capability)) field(capability, 'description', `capabilities.${kind}.description`);
  const contributes = isObject(manifest.contributes) ? manifest.contributes : {};

  for (const command of asArray(contributes.commands)) {
    if (!isObject(command) || typeof command.command !== 'string') continue;
    const id = short(command.command);
    field(command, 'title', `command.${id}.title`);
    field(command, 'shortTitle', `command.${id}.shortTitle`);
    if (typeof command.category === 'string') field(command, 'category', `command.category.${command.category.replace(/\W+/g, '')}`);
  }
  for (const submenu of asArray(contributes.submenus))
    if (isObject(submenu) && typeof submenu.id === 'string') field(submenu, 'label', `submenu.${short(submenu.id)}.label`);
  for (const containers of Object.values(isObject(contributes.viewsContainers) ? contributes.viewsContainers : {}))
    for (const container of asArray(containers))
      if (isObject(container) && typeof container.id === 'string') field(container, 'title', `viewContainer.${short(container.id)}.title`);
  for (const views of Object.values(isObject(contributes.views) ? contributes.views : {}))
    for (const view of asArray(views)) {
      if (!isObject(view) || typeof view.id !== 'string') continue;
      field(view, 'name', `view.${short(view.id)}.name`);
      field(view, 'contextualTitle', `view.${short(view.id)}.contextualTitle`);
    }
  const welcomeCount = new Map<string, number>();
  for (const welcome of asArray(contributes.viewsWelcome)) {
    if (!isObject(welcome) || typeof welcome.view !== 'string') continue;
    const n = (welcomeCount.get(welcome.view) ?? 0) + 1;
    welcomeCount.set(welcome.view, n);
    field(welcome, 'contents', `viewsWelcome.${short(welcome.view)}${n > 1 ? `.${n}` : ''}.contents`);
  }
  for (const walkthrough of asArray(contributes.walkthroughs)) {
    if (!isObject(walkthrough) || typeof walkthrough.id !== 'string') continue;
    const w = `walkthrough.${short(walkthrough.id)}`;
    field(walkthrough, 'title', `${w}.title`);
    field(walkthrough, 'description', `${w}.description`);
    for (const step of asArray(walkthrough.steps)) {
      if (!isObject(step) || typeof step.id !== 'string') continue;
      field(step, 'title', `${w}.${step.id}.title`);
      field(step, 'description', `${w}.${step.id}.description`);
      if (isObject(step.media)) field(step.media, 'altText', `${w}.${step.id}.altText`);
    }
  }
  const configurations = Array.isArray(contributes.configuration) ? contributes.configuration : [contributes.configuration];
  configurations.forEach((configuration, i) => {
    if (!isObject(configuration)) return;
    const title =
      configurations.length > 1 && typeof configuration.id === 'string'
        ? `config.${short(configuration.id)}.title`
        : i === 0
          ? 'config.title'
          : `config.${i}.title`;
    field(configuration, 'title', title);
    for (const [name, property] of Object.entries(isObject(configuration.properties) ? configuration.properties : {})) {
      if (!isObject(property)) continue;
      const p = `config.${short(name)}`;
      for (const f of ['description', 'markdownDescription', 'deprecationMessage', 'markdownDeprecationMessage']) field(property, f, `${p}.${f}`);
      const values = asArray(property.enum);
      for (const list of ['enumDescriptions', 'markdownEnumDescriptions']) {
        const descriptions = asArray(property[list]);
        descriptions.forEach((_, j) => field(descriptions, j, `${p}.${list}.${typeof values[j] === 'string' ? values[j] : j}`));
      }
    }
  });
  return texts;
}

export interface Externalised {
  /** Keys added to (or whose English changed in) package.nls.json. */
  written: string[];
  nls: Record<string, string>;
}

/**
 * Moves every shown string of `manifest` (changed in place) into `nls` (a new object, keys sorted): literals become
 * `%key%`. A key already holding other English text gets a numbered key, so two texts never share one.
 */
export function externalise(manifest: JsonObject, nls: Record<string, string>): Externalised {
  const out = { ...nls };
  const written: string[] = [];
  for (const text of manifestTexts(manifest)) {
    if (placeholderKey(text.value)) continue;
    let key = text.key;
    for (let n = 2; out[key] !== undefined && out[key] !== text.value; n++) key = `${text.key}.${n}`;
    if (out[key] === undefined) written.push(key);
    out[key] = text.value;
    text.set(`%${key}%`);
  }
  return { written, nls: Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b))) };
}

/** Every `%key%` placeholder anywhere in the manifest. */
export function placeholders(manifest: Json): string[] {
  if (typeof manifest === 'string') return placeholderKey(manifest) ? [placeholderKey(manifest) as string] : [];
  if (Array.isArray(manifest)) return manifest.flatMap(placeholders);
  if (isObject(manifest)) return Object.values(manifest).flatMap(placeholders);
  return [];
}

/** Manifest text still written as a literal (what `npm run l10n` would move), as `key: text`. */
export function literals(manifest: JsonObject): string[] {
  return manifestTexts(manifest)
    .filter((t) => !placeholderKey(t.value))
    .map((t) => `${t.key}: ${t.value.length > 60 ? `${t.value.slice(0, 57)}…` : t.value}`);
}
