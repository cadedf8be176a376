import '../../styles/ipo.css';
import '../../styles/robot.css';
import enRobot from '../../../locales/en-US/robot.json';
import trRobot from '../../../locales/tr-TR/robot.json';
import { addNamespace } from '../../i18n/namespace';

// Imported by every robot screen: the texts travel with its chunks. Cards, badges and blocks are
// the IPO screens' (shared stylesheet); robot.css adds only the backtest chart.
addNamespace('robot', { 'tr-TR': trRobot, 'en-US': enRobot });
