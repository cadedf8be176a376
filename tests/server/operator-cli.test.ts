import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCli as operator, operator as setUp } from '../support/operator';
import { ROOT, startBroker, type Started } from '../support/process';

const run = promisify(execFile);

/**
 * The CLI as staff run it, against a broker started as `npm start` does. The command each case is
 * about runs as a process of its own; the users it needs are made in-process (`setUp`: the same
 * command over the same operator channel, without a ~2 s process start each).
 */
describe('npm run operator against a running broker', () => {
  let dataDir: string;
  let broker: Started;
  let cli: { port: string; dataDir: string };
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'seans-operator-'));
    broker = await startBroker({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', SCRYPT_N: '1024' });
    cli = { port: new URL(broker.url).port, dataDir };
  }, 180_000);
  afterAll(async () => {
    await broker?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the operator key in the data directory, readable by its owner only', async () => {
    const info = await stat(path.join(dataDir, 'operator.key'));
    expect(info.mode & 0o777).toBe(0o600);
  });

  it('create-user --kyc approved --json ends with the user id, account, password and both tokens, which work', async () => {
    const created = (await operator(['create-user', '--kyc', 'approved'], cli)) as Record<string, string>;
    expect(Object.keys(created).sort()).toEqual([
      'account',
      'password',
      'userId',
      'userToken',
      'userTokenDemo',
    ]);
    const users = (await operator(['users'], cli)) as { id: string; account: string }[];
    expect(users.find((u) => u.account === created.account)?.id).toBe(created.userId);
    const info = await (
      await fetch(`${broker.url}/ipxtrg-api/user/login/info`, {
        headers: { accesstoken: created.userToken ?? '' },
      })
    ).json();
    expect(info).toMatchObject({
      code: 0,
      data: { user: { account: created.account, idStatus: 'succ', status: 1 } },
    });
    const login = await fetch(`${broker.url}/ipxtrg-api/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: created.account ?? '', password: created.password ?? '' }),
    });
    expect((await login.json()).code).toBe(0);
  });

  it('a user created verified can add a bank account in their name at once (it was KYC_REQUIRED)', async () => {
    const created = (await operator(
      ['create-user', '--kyc', 'approved', '--name', 'Ayşe Yılmaz'],
      cli,
    )) as Record<string, string>;
    const addCard = async (holderName: string) =>
      (await (
        await fetch(`${broker.url}/ipxtrg-api/bank/add`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            accesstoken: created.userToken ?? '',
            'Accept-Language': 'en-US',
          },
          body: new URLSearchParams({ accountNumber: 'TR330006100519786457841326', holderName }),
        })
      ).json()) as { code: number; key?: string };
    expect(await addCard('Mehmet Demir')).toMatchObject({ key: 'HOLDER_NAME_MISMATCH' });
    expect(await addCard('AYŞE YILMAZ')).toMatchObject({ code: 0 });
    const kyc = await (
      await fetch(`${broker.url}/ipxtrg-api/user/auth`, { headers: { accesstoken: created.userToken ?? '' } })
    ).json();
    expect(kyc).toMatchObject({ data: { idStatus: 'succ', fullName: 'Ayşe Yılmaz', frontImageId: '' } });
    await expect(operator(['create-user', '--name', 'Ayşe Yılmaz'], cli)).rejects.toThrow(/--kyc approved/);
  });

  it('user disable signs the user out everywhere', async () => {
    const created = (await setUp(['create-user'], cli)) as Record<string, string>;
    const id = created.userId ?? '';
    await operator(['user', 'disable', id], cli);
    const info = await (
      await fetch(`${broker.url}/ipxtrg-api/user/login/info`, {
        headers: { accesstoken: created.userToken ?? '' },
      })
    ).json();
    expect(info).toMatchObject({ code: -1000 });
    const audit = (await operator(['audit', '--limit', '3'], cli)) as { action: string; target: string }[];
    expect(audit).toContainEqual(expect.objectContaining({ action: 'user.disable', target: id }));
  });

  it('notice send and message send reach users in their language', async () => {
    const created = (await setUp(['create-user'], cli)) as Record<string, string>;
    const id = created.userId ?? '';
    await operator(
      [
        'message',
        'send',
        '--user',
        id,
        '--title',
        'Merhaba',
        '--body',
        'Hoş geldiniz',
        '--title-en',
        'Hello',
        '--body-en',
        'Welcome',
      ],
      cli,
    );
    await operator(['notice', 'send', '--title', 'Bakım', '--body', 'Bu gece 02:00', '--pinned'], cli);
    const headers = { accesstoken: created.userToken ?? '', 'Accept-Language': 'en-US' };
    const list = await (
      await fetch(`${broker.url}/ipxtrg-api/user/message/list`, { method: 'POST', headers })
    ).json();
    expect(list.data.list[0]).toMatchObject({
      kind: 'personal',
      title: 'Hello',
      body: 'Welcome',
      read: false,
    });
    const notices = await (await fetch(`${broker.url}/ipxtrg-api/index/notice`)).json();
    expect(notices.data.list[0]).toMatchObject({ title: 'Bakım', pinned: true });
    const bad = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join('server', 'operator', 'cli.ts'),
        'message',
        'send',
        '--user',
        id,
        '--title',
        'x'.repeat(300),
        '--body',
        'b',
      ],
      {
        cwd: ROOT,
        env: { ...process.env, PORT: cli.port, DATA_DIR: dataDir },
      },
    ).catch((e) => e);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/at most 200 characters/);
  });

  it('fund moves paper money from the sandbox funding account into the real account, ledgered', async () => {
    // The id create-user prints is the one fund takes (it did not print one).
    const created = (await setUp(['create-user'], cli)) as Record<string, string>;
    const id = created.userId ?? '';
    expect(id).toMatch(/^[1-9]\d*$/);
    const funded = (await operator(['fund', id, '2500.75', '--reason', 'Sandbox top-up'], cli)) as {
      balances: { wallet: string; currency: string; available: string }[];
    };
    expect(funded.balances).toContainEqual(
      expect.objectContaining({ wallet: 'stock', currency: 'TRY', available: '2500.75' }),
    );
    const assets = await (
      await fetch(`${broker.url}/ipxtrg-api/user/assets`, {
        method: 'POST',
        headers: { accesstoken: created.userToken ?? '' },
      })
    ).json();
    expect(assets.data.balances).toContainEqual(
      expect.objectContaining({ wallet: 'stock', currency: 'TRY', total: '2500.75' }),
    );
    // A refused amount ends the process with 1 (the broker's refusal, in words); the other
    // malformed amounts meet the same refusal over the same channel.
    const refused = await run(
      process.execPath,
      ['--import', 'tsx', path.join('server', 'operator', 'cli.ts'), 'fund', id, '1,5', '--reason', 'x'],
      {
        cwd: ROOT,
        env: { ...process.env, PORT: cli.port, DATA_DIR: dataDir },
      },
    ).catch((e) => e);
    expect(refused.code).toBe(1);
    expect(refused.stderr).not.toBe('');
    for (const amount of ['0', '-5', 'lots'])
      await expect(setUp(['fund', id, amount, '--reason', 'x'], cli), amount).rejects.toThrow();
    // 20 digits fit a posting but not the balances it moves: refused as invalid, not a 500.
    await expect(setUp(['fund', id, '9'.repeat(20), '--reason', 'x'], cli)).rejects.toThrow(
      'Amount has an invalid value.',
    );
  });

  it('ledger verify audits the running books', async () => {
    const created = (await setUp(['create-user'], cli)) as Record<string, string>;
    await setUp(['fund', created.userId ?? '', '250', '--reason', 'audit check'], cli);
    expect(await operator(['ledger', 'verify'], cli)).toEqual({ clean: true, problems: [] });
  });

  it('explains a wrong command or a missing server in words, with a non-zero exit', async () => {
    const cliPath = path.join('server', 'operator', 'cli.ts');
    const wrong = await run(process.execPath, ['--import', 'tsx', cliPath, 'frobnicate'], {
      cwd: ROOT,
    }).catch((e) => e);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('unknown command: frobnicate');
    const noServer = await run(process.execPath, ['--import', 'tsx', cliPath, 'users'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '1', DATA_DIR: dataDir },
    }).catch((e) => e);
    expect(noServer.code).toBe(1);
    expect(noServer.stderr).toContain('The server is not running on port 1');
  });
});
