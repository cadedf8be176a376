import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { TextField } from '../../components/form/text-field';
import { geoUri, isPicking, returnLocation } from '../../components/location/location-handoff';
import { StaticMap } from './static-map';
import { FigureRows } from '../../components/trade/figure-rows';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { Button } from '../../components/button';

type Status = 'idle' | 'locating' | 'found' | 'denied' | 'unavailable' | 'unsupported';
type Point = { lat: number; lng: number; accuracyM: number | null };
type Copy = 'idle' | 'copied' | 'failed';
/** The bank card's address field holds at most this (domain/protocol/funding.ts). */
const MAX_TEXT = 200;

const coordsOf = (point: Point) => `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`;

/**
 * What goes back to the form: the typed address, or else the device's coordinates. Never both:
 * the device's fix says where the phone is, a typed address may be anywhere else, and a text
 * pairing one with the other names a place that does not exist.
 */
export function locationText(address: string, point: Pick<Point, 'lat' | 'lng'> | null): string {
  const typed = address.trim();
  const text = typed !== '' ? typed : point ? `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}` : '';
  return text.slice(0, MAX_TEXT);
}

/** The device's fix and the typed address, each replacing the other (see `locationText`). */
function useLocationChoice() {
  const [status, setStatus] = useState<Status>('idle');
  const [point, setPoint] = useState<Point | null>(null);
  const [address, setAddress] = useState('');
  const [copy, setCopy] = useState<Copy>('idle');
  const text = locationText(address, point);

  const locate = () => {
    if (!('geolocation' in navigator)) return setStatus('unsupported');
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const { latitude, longitude, accuracy } = position.coords;
        setPoint({ lat: latitude, lng: longitude, accuracyM: Number.isFinite(accuracy) ? accuracy : null });
        // The fix replaces whatever address was typed before it.
        setAddress('');
        setCopy('idle');
        setStatus('found');
      },
      (error) => setStatus(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };
  const type = (typed: string) => {
    setAddress(typed);
    setCopy('idle');
    // A typed address replaces the fix: its coordinates belong to another place.
    if (typed.trim() !== '' && point) {
      setPoint(null);
      setStatus('idle');
    }
  };
  const copyText = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => setCopy('copied'))
      .catch(() => setCopy('failed'));

  return { status, point, address, copy, text, locate, type, copyText };
}

/** Back to the form that opened the picker, with the choice or without one. */
function PickActions({ text, located }: { text: string; located: boolean }) {
  const { t } = useTranslation('location');
  return (
    <div className="location-actions action-pair">
      <Button onClick={() => returnLocation(null)}>{t('choose.cancel')}</Button>
      <Button
        look="primary"
        disabled={text === ''}
        onClick={() => returnLocation(text)}
        testId="location-use"
      >
        {located ? t('choose.use_location') : t('choose.use')}
      </Button>
    </div>
  );
}

/** Opened alone, nothing to hand back to: the choice can be copied. */
function CopyActions({ text, copy, onCopy }: { text: string; copy: Copy; onCopy: () => void }) {
  const { t } = useTranslation('location');
  return (
    <div className="location-standalone" data-testid="location-standalone">
      <p className="hint">{t('choose.standalone')}</p>
      <Button
        look="primary"
        disabled={text === ''}
        onClick={onCopy}
        testId="location-copy"
        aria-live="polite"
      >
        {copy === 'copied' ? t('choose.copied') : t('choose.copy')}
      </Button>
      {copy === 'failed' && (
        <p className="location-note" role="alert">
          {t('choose.copy_failed')}
        </p>
      )}
    </div>
  );
}

function FixShown({ point }: { point: Point }) {
  const { t } = useTranslation('location');
  return (
    <>
      <StaticMap lat={point.lat} lng={point.lng} accuracyM={point.accuracyM} testId="location-map" />
      <FigureRows testId="location-coords" rows={[{ label: t('choose.coords'), value: coordsOf(point) }]} />
      <p className="hint">{t('choose.typed_replaces')}</p>
    </>
  );
}

/**
 * /choose-location (DECISIONS §3: no map tiles): the device's location, drawn on an offline map,
 * or a typed address — whichever came last — with a `geo:` link to check it in the device's
 * maps app. Opened by a form it hands the choice back; opened alone it offers to copy it.
 */
export function ChooseLocationScreen() {
  const { t } = useTranslation('location');
  const [picking] = useState(isPicking);
  const { status, point, address, copy, text, locate, type, copyText } = useLocationChoice();

  return (
    <Screen className="location-screen">
      <Navbar title={t('choose.title')} />
      <div className="screen__body">
        <p className="hint">{t('choose.intro')}</p>
        <Button onClick={locate} disabled={status === 'locating'} testId="location-locate">
          {status === 'locating' ? t('choose.locating') : t('choose.locate')}
        </Button>
        {point && <FixShown point={point} />}
        {(status === 'denied' || status === 'unavailable' || status === 'unsupported') && (
          <p className="location-note" role="alert" data-testid="location-problem">
            {t(`choose.${status}`)}
          </p>
        )}
        <TextField
          label={t('choose.address')}
          value={address}
          onValueChange={type}
          autoComplete="street-address"
          maxLength={MAX_TEXT}
          hint={address.trim() === '' ? t('choose.address_hint') : t('choose.address_only')}
          testId="location-address"
        />
        {text === '' ? (
          <p className="hint" data-testid="location-empty">
            {t('choose.empty')}
          </p>
        ) : (
          <a
            className="location-maps-link"
            href={point ? geoUri({ lat: point.lat, lng: point.lng }) : geoUri({ q: address })}
            data-testid="location-geo"
          >
            {t('choose.open_maps')}
          </a>
        )}
        {picking ? (
          <PickActions text={text} located={point !== null} />
        ) : (
          <CopyActions text={text} copy={copy} onCopy={() => void copyText()} />
        )}
      </div>
    </Screen>
  );
}
