// uPlot and its styles, loaded once a chart is drawn: the weight page shows
// its form and figures without waiting for them.

import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export default uPlot;
