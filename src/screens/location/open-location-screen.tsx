import { useState } from 'react';
import { AppForm } from '../../components/form/submit-button';
import { useTranslation } from '../../i18n/hook';
import { useSearch } from 'wouter';
import { TextField } from '../../components/form/text-field';
import { geoUri, OPEN_LOCATION_PATH } from '../../components/location/location-handoff';
import { StaticMap } from './static-map';
import { FigureRows, type FigureRow } from '../../components/trade/figure-rows';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { navigate } from '../../paths/navigation';
import { useSnapshot } from 'valtio';
import { prefs } from '../../state/prefs';
import type { Locale } from '../../../domain/format/locale';
import { formatDecimal } from '../../../domain/format/number';

/** A coordinate from the URL, or null when it is missing or out of range. */
function coordinate(value: string | null, limit: number): number | null {
  if (value === null || !/^-?\d{1,3}(\.\d{1,10})?$/.test(value)) return null;
  const n = Number(value);
  return Math.abs(n) <= limit ? n : null;
}

/**
 * A point in the locale's numbers: "41.00820, 28.97840" in en-US; in tr-TR the decimal comma, so
 * the two are parted by a semicolon ("41,00820; 28,97840"), as the map's own labels read them.
 */
function coordinates(lat: number, lng: number, locale: Locale): string {
  const n = (v: number) => formatDecimal(v.toFixed(5), locale, { decimals: 5 });
  return `${n(lat)}${locale === 'tr-TR' ? ';' : ','} ${n(lng)}`;
}

/**
 * /open-location?lat=&lng=&name=&address=: a place shown on an offline map (when it has
 * coordinates) and as text, with a `geo:` link that opens the device's maps app (DECISIONS §3:
 * no map tiles). Opened without a place, it asks for an address to open.
 */
export function OpenLocationScreen() {
  const { t } = useTranslation('location');
  const params = new URLSearchParams(useSearch());
  const lat = coordinate(params.get('lat'), 90);
  const lng = coordinate(params.get('lng'), 180);
  const hasPoint = lat !== null && lng !== null;
  const name = (params.get('name') ?? '').trim();
  const address = (params.get('address') ?? '').trim();
  const [typed, setTyped] = useState('');
  const { lang } = useSnapshot(prefs);
  const known = hasPoint || address !== '';
  // A link that named a point this screen cannot read says so, rather than silently asking.
  const unreadable = !hasPoint && (params.has('lat') || params.has('lng'));

  const rows: FigureRow[] = [];
  if (name !== '') rows.push({ label: t('open.name'), value: name });
  if (address !== '') rows.push({ label: t('open.address'), value: address });
  if (hasPoint)
    rows.push({
      label: t('open.coords'),
      value: coordinates(lat, lng, lang),
      testId: 'open-location-coords',
    });

  return (
    <Screen className="location-screen">
      <Navbar title={t('open.title')} />
      <div className="screen__body">
        {known ? (
          <>
            <section className="surface-card" aria-label={t('open.title')}>
              {hasPoint && <StaticMap lat={lat} lng={lng} testId="open-location-map" />}
              <FigureRows rows={rows} testId="open-location-place" />
            </section>
            <div className="location-actions">
              <a
                className="button button--primary location-maps-link"
                href={geoUri({ lat, lng, q: address || name })}
                data-testid="open-location-geo"
              >
                {t('open.open_maps')}
              </a>
            </div>
          </>
        ) : (
          <AppForm
            onSubmit={() => {
              if (typed.trim() === '') return;
              navigate(`${OPEN_LOCATION_PATH}?${new URLSearchParams({ address: typed.trim() }).toString()}`);
            }}
          >
            {unreadable && (
              <p className="location-note" role="status" data-testid="open-location-unreadable">
                {t('open.unreadable')}
              </p>
            )}
            <p className="hint">{t('open.chooser')}</p>
            <TextField
              label={t('open.address')}
              value={typed}
              onValueChange={setTyped}
              maxLength={200}
              testId="open-location-input"
            />
            <button type="submit" className="button button--primary" disabled={typed.trim() === ''}>
              {t('open.go')}
            </button>
          </AppForm>
        )}
      </div>
    </Screen>
  );
}
