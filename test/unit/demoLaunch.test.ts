/**
 * `npm run demo` starts a real VS Code (code-server) with a terminal in it: it must not be open to whoever can reach
 * 127.0.0.1 (another user of the machine, a web page posting to localhost). The command line is built by pure
 * functions (test/harness/codeServerLaunch.ts), checked here without starting anything.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEMO_CONFIG, DEMO_README, codeServerLaunch, codeServerUserSettings, demoArgs, demoBanner, newPassword } from '../harness/codeServerLaunch';

const COMMON = ['--config', '/tmp/p/config.yaml', '--user-data-dir', '/tmp/p/data', '--extensions-dir', '/tmp/p/extensions'];

describe('the demo and the code-server harness', () => {
  const launch = (workspaceTrust: boolean, password = newPassword()): ReturnType<typeof codeServerLaunch> =>
    codeServerLaunch({ common: COMMON, port: 41234, password, workspaceTrust, extra: [], workspace: '/tmp/p/workspace' });

  it('asks for a password, never runs with --auth none, and binds to loopback only', () => {
    for (const trust of [true, false]) {
      const { args, env } = launch(trust, 'secret-of-this-run');
      assert.ok(!args.includes('none'), args.join(' '));
      assert.equal(args[args.indexOf('--auth') + 1], 'password');
      assert.equal(args[args.indexOf('--bind-addr') + 1], '127.0.0.1:41234');
      // The password travels in the environment (code-server deletes it from its own), never on the command line.
      assert.equal(env.PASSWORD, 'secret-of-this-run');
      assert.ok(!args.some((a) => a.includes('secret-of-this-run')));
      assert.equal(args[args.length - 1], '/tmp/p/workspace');
    }
  });

  it("trusts the demo's folder for its own session only: the command-line switch, never a setting a profile keeps", () => {
    // code-server keeps trusted folders in the browser's storage, out of a launcher's reach; its switch lasts one session.
    assert.ok(launch(false).args.includes('--disable-workspace-trust'));
    assert.ok(!launch(true).args.includes('--disable-workspace-trust'));
    assert.ok(!('security.workspace.trust.enabled' in codeServerUserSettings()), JSON.stringify(codeServerUserSettings()));
    // Its folder's standards.config.json starts the extension (which then opens Get Started); its README says what to try.
    const activation = (JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { activationEvents: string[] })
      .activationEvents;
    assert.ok(activation.includes('workspaceContains:standards.config.json'), activation.join(', '));
    assert.deepEqual(JSON.parse(DEMO_CONFIG), {});
    assert.match(DEMO_README, /Get Started/);
    assert.match(
      demoBanner({ url: 'http://127.0.0.1:1/', password: 'p', sandbox: 's', logFile: 'l', folder: '/tmp/standards-explorer-demo-1' }),
      /trusts the folders it opens .*code-server session only/s,
    );
  });

  it('makes a new random password per run', () => {
    const passwords = new Set(Array.from({ length: 50 }, () => newPassword()));
    assert.equal(passwords.size, 50);
    for (const password of passwords) {
      // 24 random bytes, base64url: 192 bits, nothing to quote in a shell or a form.
      assert.match(password, /^[A-Za-z0-9_-]{32}$/);
    }
  });

  it('takes a free port unless one is given (--port N or --port=N), and refuses a port that is not one', () => {
    assert.deepEqual(demoArgs([]), { port: undefined });
    assert.deepEqual(demoArgs(['--port', '9123']), { port: 9123 });
    assert.deepEqual(demoArgs(['--port=9124']), { port: 9124 });
    for (const bad of [['--port'], ['--port', 'x'], ['--port', '0'], ['--port', '70000'], ['--port', '80.5'], ['--other']]) {
      assert.throws(() => demoArgs(bad), /usage|port/i, bad.join(' '));
    }
  });

  it('prints the URL and the password once', () => {
    const password = newPassword();
    const banner = demoBanner({
      url: 'http://127.0.0.1:41234/?folder=%2Ftmp%2Fw',
      password,
      sandbox: 'http://127.0.0.1:41235',
      logFile: '/tmp/p/code-server.log',
      folder: '/tmp/p/workspace',
    });
    assert.equal(banner.split(password).length, 2, banner);
    assert.match(banner, /Open: +http:\/\/127\.0\.0\.1:41234\//);
  });
});
