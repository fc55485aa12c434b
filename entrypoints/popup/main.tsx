import '../../src/popup/popup.css';
import { startPopup } from '../../src/popup/startPopup';

startPopup(document.getElementById('app')!);
