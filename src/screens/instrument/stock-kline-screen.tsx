import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';

/** PLACEHOLDER: built by the market-data work. */
export default function StockKlineScreen() {
  return (
    <Screen>
      <Navbar title="" />
      <div className="screen__body" />
    </Screen>
  );
}
