import '../../components/location/namespace';
import '../../styles/location.css';
import { useLocation } from 'wouter';
import { OPEN_LOCATION_PATH } from '../../components/location/location-handoff';
import { ChooseLocationScreen } from './choose-location-screen';
import { OpenLocationScreen } from './open-location-screen';

/** /choose-location and /open-location: one chunk for both pickers. */
export default function LocationScreen() {
  const [path] = useLocation();
  return path.replace(/\/+$/, '') === OPEN_LOCATION_PATH ? <OpenLocationScreen /> : <ChooseLocationScreen />;
}
