import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { SearchInput } from './search-input';

function Search() {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchInput aria-label="Search members" value={value} onValueChange={setValue} />
      <button type="button">Next</button>
    </>
  );
}

describe('SearchInput', () => {
  it('has a clear button that Tab reaches while there is text, which empties the field and goes back to it', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Search />);
    const field = screen.getByRole('searchbox', { name: 'Search members' });
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    await user.click(field);
    await user.keyboard('Ola');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Clear search' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    // Escape empties it too.
    await user.keyboard('Ewa{Escape}');
    expect(field).toHaveValue('');
  });

  it('says it in Polish', async () => {
    const user = userEvent.setup();
    await renderWithApp(<Search />, { language: 'pl' });
    await user.type(screen.getByRole('searchbox'), 'Ola');
    expect(screen.getByRole('button', { name: 'Wyczyść wyszukiwanie' })).toBeVisible();
  });
});
