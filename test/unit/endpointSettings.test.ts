/**
 * The settings that say where credentials go: their scope in the manifest decides who can set them. `window` keeps a
 * user's own value in local and remote windows alike (a `machine` setting's User value is ignored in a remote
 * window); src/config.ts reads them from the user level only, so a workspace value never counts, and Restricted Mode
 * lists them as restricted.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const manifest = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
  capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
  contributes: { configuration: { properties: Record<string, { scope?: string }> } };
};
const ENDPOINT_SETTINGS = ['baseUrl', 'tokenUrl', 'scope', 'apiKeyHeader', 'environments', 'activeEnvironment', 'defaultEnvironmentName'].map(
  (key) => `standardsExplorer.${key}`,
);

describe('endpoint settings in the manifest', () => {
  const properties = manifest.contributes.configuration.properties;

  it('are window-scoped, so User settings count in remote windows (code-server, SSH, WSL, containers)', () => {
    for (const name of ENDPOINT_SETTINGS) assert.equal(properties[name]?.scope, 'window', name);
  });

  it('are restricted in untrusted workspaces (with the settings of cost and reach: test/unit/settingBounds.test.ts)', () => {
    for (const name of ENDPOINT_SETTINGS) assert.ok(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations.includes(name), name);
  });

  it('are the only settings declared window-scoped explicitly (the README table calls them "user or remote settings only")', () => {
    assert.deepEqual(
      Object.keys(properties)
        .filter((name) => properties[name].scope === 'window')
        .sort(),
      [...ENDPOINT_SETTINGS].sort(),
    );
  });
});
