// With the drawer's chunk, loaded on its first open: not a rule of it is on a screen's first load.
import '../styles/drawer.css';
import { useEffect, useRef, type ComponentType } from 'react';
import { useTranslation } from '../i18n/hook';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { firstLoad } from '../../domain/protocol/first-load-endpoints';
import { call } from '../api/call';
import { LOGIN_PATH, loginPathFor, navigate } from '../paths/navigation';
import { confirm } from '../services/modal';
import { refreshLoginInfo } from '../state/login-info';
import { clearUserInfo, isSignedIn, session } from '../state/session';
import { closeDrawer, ui } from '../state/ui';
import { useDialogFocus } from '../components/dialog-focus';
import { DrawerHeader } from './drawer-header';
import {
  AutoIcon,
  BankIcon,
  ChevronIcon,
  DepositIcon,
  InfoIcon,
  LedgerIcon,
  RecordIcon,
  ShieldIcon,
  SignOutIcon,
  WithdrawIcon,
} from '../components/icons';
import { paths, withQuery } from '../paths/paths';

type RowName =
  'bankList' | 'security' | 'rechargeRecord' | 'withdrawRecord' | 'fundsDetail' | 'about' | 'ipoSwitch';
type Row = { name: RowName; path: string; Icon: ComponentType; public?: boolean };

/** SPEC §2 "Side drawer menu", in order. */
const ROWS: readonly Row[] = [
  { name: 'bankList', path: withQuery(paths.bankList, { type: '2' }), Icon: BankIcon },
  { name: 'security', path: paths.security, Icon: ShieldIcon },
  { name: 'rechargeRecord', path: paths.bankRecord, Icon: RecordIcon },
  { name: 'withdrawRecord', path: paths.withdrawRecord, Icon: RecordIcon },
  { name: 'fundsDetail', path: paths.stockFunds, Icon: LedgerIcon },
  { name: 'about', path: paths.about, Icon: InfoIcon, public: true },
  { name: 'ipoSwitch', path: paths.ipoSwitch, Icon: AutoIcon },
];

/** The drawer closes first; guests reach only public rows, the rest goes to login and back. */
function go(path: string, isPublic = false): void {
  closeDrawer();
  navigate(isSignedIn() || isPublic ? path : loginPathFor(path));
}

async function signOut(text: string, confirmText: string): Promise<void> {
  if (!(await confirm({ text, confirmText }))) return;
  closeDrawer();
  // Started before clearing, so the call still carries the token; its outcome doesn't matter.
  call(firstLoad.logout, {}, { silent: true }).catch(() => undefined);
  clearUserInfo();
  navigate(LOGIN_PATH);
}

/** Whatever changed the page (back button, a -1000 answer…), the drawer doesn't follow. Not on
 * mount: drawer-slot.tsx mounts it on its first open. */
function useCloseOnNavigation(): void {
  const [pathname] = useLocation();
  const openedAt = useRef(pathname);
  useEffect(() => {
    if (openedAt.current === pathname) return;
    openedAt.current = pathname;
    closeDrawer();
  }, [pathname]);
}

/** The two money actions above the rows: money in, money out. */
const ACTIONS = [
  { name: 'deposit', path: paths.recharge, Icon: DepositIcon },
  { name: 'withdraw', path: paths.bankWithdraw, Icon: WithdrawIcon },
] as const;

function DrawerActions() {
  const { t } = useTranslation();
  return (
    <div className="drawer__actions">
      {ACTIONS.map(({ name, path, Icon }) => (
        <button
          key={name}
          type="button"
          className="drawer__action"
          data-testid={`drawer-${name}`}
          onClick={() => go(path)}
        >
          <Icon />
          <span>{t(`drawer.${name}`)}</span>
        </button>
      ))}
    </div>
  );
}

function DrawerRows({ signedIn, autoApply }: { signedIn: boolean; autoApply: boolean }) {
  const { t } = useTranslation();
  const rows = ROWS.filter((row) => row.name !== 'ipoSwitch' || autoApply);
  return (
    <ul className="drawer__rows">
      {rows.map(({ name, path, Icon, public: isPublic }) => (
        <li key={name}>
          <button
            type="button"
            className="drawer__row"
            data-testid={`drawer-row-${name}`}
            onClick={() => go(path, isPublic)}
          >
            <Icon />
            <span className="drawer__row-label">{t(`drawer.rows.${name}`)}</span>
            <ChevronIcon className="drawer__chevron" />
          </button>
        </li>
      ))}
      {signedIn && (
        <li>
          <button
            type="button"
            className="drawer__row"
            data-testid="drawer-row-signOut"
            onClick={() => void signOut(t('Sign_out_tips'), t('drawer.rows.signOut'))}
          >
            <SignOutIcon />
            <span className="drawer__row-label">{t('drawer.rows.signOut')}</span>
          </button>
        </li>
      )}
    </ul>
  );
}

export function Drawer() {
  const { t } = useTranslation();
  const { drawerOpen } = useSnapshot(ui);
  const { userToken, loginInfo } = useSnapshot(session);
  const panel = useRef<HTMLElement>(null);
  useCloseOnNavigation();

  useEffect(() => {
    if (drawerOpen) void refreshLoginInfo();
  }, [drawerOpen]);
  // The sign-out confirmation opens over the drawer: it takes Escape and Tab, the drawer stays.
  useDialogFocus(panel, { active: drawerOpen, onEscape: closeDrawer, initial: 'first' });

  const signedIn = userToken !== '';

  return (
    <div className="drawer-layer" data-open={drawerOpen}>
      <div
        className="drawer-backdrop"
        data-testid="drawer-backdrop"
        aria-hidden="true"
        onClick={closeDrawer}
      />
      <aside
        ref={panel}
        className="drawer"
        data-testid="drawer"
        data-open={drawerOpen}
        role="dialog"
        aria-modal={drawerOpen}
        aria-label={t('drawer.title')}
        aria-hidden={!drawerOpen}
        inert={!drawerOpen}
      >
        <DrawerHeader onOpen={() => go(signedIn ? paths.userInfo : LOGIN_PATH)} />
        <DrawerActions />
        <DrawerRows signedIn={signedIn} autoApply={loginInfo?.openAutoApply === 1} />
      </aside>
    </div>
  );
}
