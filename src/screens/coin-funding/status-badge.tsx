import '../../styles/coin-funding.css';

export { StatusBadge, useStatusWord } from '../../components/funding/status-badge';
