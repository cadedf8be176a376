import { InstallScreen } from './text-blocks';

export default function AndroidApp() {
  return <InstallScreen platform="android" />;
}
