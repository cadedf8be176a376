import '../../styles/funding.css';
import '../../components/funding/texts';

// Imported by every screen of the funding area: its texts and styles travel with its chunks.
