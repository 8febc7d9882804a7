import { PolarisRoot } from '@belegfluss/frontend-kit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

export function renderWithPolaris(ui: ReactElement) {
  return render(<PolarisRoot>{ui}</PolarisRoot>);
}
