import { InstallScreen } from './text-blocks';

export default function IosApp() {
  return <InstallScreen platform="ios" />;
}
