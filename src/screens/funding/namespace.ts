import '../../styles/funding.css';
import './texts';

// Imported by every screen of the funding area: its texts and styles travel with its chunks.
