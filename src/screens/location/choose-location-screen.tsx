import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { TextField } from '../../components/form/text-field';
import { geoUri, isPicking, returnLocation } from '../../components/location/location-handoff';
import { FigureRows } from '../../components/trade/figure-rows';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';

type Status = 'idle' | 'locating' | 'found' | 'denied' | 'unavailable' | 'unsupported';
type Point = { lat: number; lng: number };
/** The bank card's address field holds at most this (domain/protocol/funding.ts). */
const MAX_TEXT = 200;

/** What goes back to the form: the typed address, with the coordinates when there are some. */
export function locationText(address: string, point: Point | null): string {
  const typed = address.trim();
  const coords = point ? `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}` : '';
  const text = typed === '' ? coords : coords === '' ? typed : `${typed} (${coords})`;
  return text.slice(0, MAX_TEXT);
}

/**
 * /choose-location (DECISIONS §3: no map tiles offline): the browser's geolocation and a typed
 * address, a `geo:` link to check it in the device's maps app, and — when a form opened it — the
 * address handed back to that form.
 */
export function ChooseLocationScreen() {
  const { t } = useTranslation('location');
  const [picking] = useState(isPicking);
  const [status, setStatus] = useState<Status>('idle');
  const [point, setPoint] = useState<Point | null>(null);
  const [address, setAddress] = useState('');
  const text = locationText(address, point);

  const locate = () => {
    if (!('geolocation' in navigator)) return setStatus('unsupported');
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setPoint({ lat: position.coords.latitude, lng: position.coords.longitude });
        setStatus('found');
      },
      (error) => setStatus(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  return (
    <Screen className="location-screen">
      <Navbar title={t('choose.title')} />
      <div className="screen__body">
        <p className="hint">{t('choose.intro')}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={locate}
          disabled={status === 'locating'}
          data-testid="location-locate"
        >
          {status === 'locating' ? t('choose.locating') : t('choose.locate')}
        </button>
        {point && (
          <FigureRows
            testId="location-coords"
            rows={[{ label: t('choose.coords'), value: `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}` }]}
          />
        )}
        {(status === 'denied' || status === 'unavailable' || status === 'unsupported') && (
          <p className="location-note" role="alert" data-testid="location-problem">
            {t(`choose.${status}`)}
          </p>
        )}
        <TextField
          label={t('choose.address')}
          value={address}
          onValueChange={setAddress}
          autoComplete="street-address"
          maxLength={MAX_TEXT}
          hint={t('choose.address_hint')}
          testId="location-address"
        />
        {text === '' ? (
          <p className="hint">{t('choose.empty')}</p>
        ) : (
          <a
            className="location-maps-link"
            href={geoUri({ lat: point?.lat ?? null, lng: point?.lng ?? null, q: address })}
            data-testid="location-geo"
          >
            {t('choose.open_maps')}
          </a>
        )}
        {picking ? (
          <div className="location-actions">
            <button type="button" className="button button--secondary" onClick={() => returnLocation(null)}>
              {t('choose.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={text === ''}
              onClick={() => returnLocation(text)}
              data-testid="location-use"
            >
              {t('choose.use')}
            </button>
          </div>
        ) : (
          <p className="hint">{t('choose.standalone')}</p>
        )}
      </div>
    </Screen>
  );
}
