/**
 * `npm run demo` starts a real VS Code (code-server) with a terminal in it: it must not be open to whoever can reach
 * 127.0.0.1 (another user of the machine, a web page posting to localhost). The command line is built by pure
 * functions (test/harness/codeServerLaunch.ts), checked here without starting anything.
 */
import * as assert from 'node:assert/strict';
import { codeServerLaunch, codeServerUserSettings, demoArgs, demoBanner, newPassword } from '../harness/codeServerLaunch';

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

  it('keeps workspace trust on for the demo: neither --disable-workspace-trust nor the setting that turns it off', () => {
    const { args } = launch(true);
    assert.ok(!args.includes('--disable-workspace-trust'), args.join(' '));
    const settings = codeServerUserSettings({ workspaceTrust: true });
    assert.ok(!('security.workspace.trust.enabled' in settings), JSON.stringify(settings));
    // The test harness may turn it off (its folders are made by the tests), and says so.
    assert.ok(launch(false).args.includes('--disable-workspace-trust'));
    assert.equal(codeServerUserSettings({ workspaceTrust: false })['security.workspace.trust.enabled'], false);
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
    });
    assert.equal(banner.split(password).length, 2, banner);
    assert.match(banner, /Open: +http:\/\/127\.0\.0\.1:41234\//);
  });
});
