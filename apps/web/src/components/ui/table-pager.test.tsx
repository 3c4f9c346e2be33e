import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Pager } from './table-pager';

function ThreePages() {
  const [page, setPage] = useState(1);
  return (
    <Pager
      texts={{ label: 'Pages', pageOf: `Page ${page} of 3`, previous: 'Previous', next: 'Next' }}
      canPrevious={page > 1}
      canNext={page < 3}
      onPrevious={() => setPage(page - 1)}
      onNext={() => setPage(page + 1)}
    />
  );
}

describe('Pager', () => {
  it('moves the focus to Previous when Next reaches the last page, and to Next on the first page', async () => {
    const user = userEvent.setup();
    render(<ThreePages />);
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    await user.tab();
    expect(next).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Page 2 of 3')).toBeVisible();
    expect(next).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Page 3 of 3')).toBeVisible();
    expect(next).toBeDisabled();
    expect(previous).toHaveFocus();
    await user.keyboard('{Enter}{Enter}');
    expect(screen.getByText('Page 1 of 3')).toBeVisible();
    expect(next).toHaveFocus();
  });
});
