import type { ComponentType } from 'react';
import { useTranslation } from '../i18n/hook';
import { Link } from 'wouter';
import { HomeIcon, IpoIcon, MarketsIcon, MineIcon, TradeIcon } from '../components/icons';
import {
  HOME_PATH,
  IPO_TAB_PATH,
  MARKETS_PATH,
  MINE_PATH,
  POSITION_PATH,
  TRADE_PATH,
} from '../paths/shell-paths';

type Tab = { name: 'home' | 'ipo' | 'markets' | 'trade' | 'mine'; path: string; Icon: ComponentType };

/** SPEC §2's five tabs, in order. */
const TABS: readonly Tab[] = [
  { name: 'home', path: HOME_PATH, Icon: HomeIcon },
  { name: 'ipo', path: IPO_TAB_PATH, Icon: IpoIcon },
  { name: 'markets', path: MARKETS_PATH, Icon: MarketsIcon },
  { name: 'trade', path: TRADE_PATH, Icon: TradeIcon },
  { name: 'mine', path: MINE_PATH, Icon: MineIcon },
];

/** Tab-level screens that are not a tab of their own, and the tab they sit under. */
const TAB_OF: Readonly<Record<string, string>> = { [POSITION_PATH]: TRADE_PATH };

export function TabBar({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const here = pathname.replace(/\/+$/, '');
  const current = TAB_OF[here] ?? here;
  return (
    <nav className="tabbar" data-testid="tabbar" aria-label={t('tab.label')}>
      {TABS.map(({ name, path, Icon }) => {
        const selected = current === path;
        return (
          // Switching tabs replaces the entry, as tab bars do in apps: back never walks the tabs.
          <Link
            key={name}
            href={path}
            replace
            className={selected ? 'tabbar__tab tabbar__tab--selected' : 'tabbar__tab'}
            data-testid={`tab-${name}`}
            aria-current={selected ? (here === path ? 'page' : 'true') : undefined}
          >
            <Icon />
            <span className="tabbar__label">{t(`tab.${name}`)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
