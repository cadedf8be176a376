// Client units wait for what a user would see (findBy…, waitFor). Testing Library's 1 s default is a
// timing assumption that a loaded two-core CI machine breaks (a screen's lazy chunk or msw answer can
// take longer); waiting longer never lets a wrong screen pass, it only fails later.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5000 });
