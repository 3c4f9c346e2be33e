import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { FighterPairs } from './fighter-pairs';

const PAIRS = [
  { fighter1_id: 2, fighter1_name: 'Ana Silva', fighter2_id: 6, fighter2_name: 'Eve Zielińska' },
  { fighter1_id: 3, fighter1_name: 'Bob Kowalski', fighter2_id: 5, fighter2_name: 'Dan Nowak' },
];

/** A pairing as the server sends it: its summary ends by saying who sits out, and why. */
const REASON =
  'the closest possible partner, Bob Kowalski, is two belts lower (White against Purple) and is 8 kg lighter ' +
  '(2 IBJJF weight classes apart)';
const OPENING =
  'Paired 4 of 5 students into 2 pairs. The largest weight gap is 5 kg (Ana Silva and Eve Zielińska); the ' +
  "average is 5 kg, 7.6% of the lighter partner's weight. Belts: 1 pair on the same belt, 1 pair one belt apart.";
const SERVER_PAGE = {
  pairs: PAIRS,
  unpaired_student: { studentId: 4, studentName: 'Cid Moreira', reason: REASON },
  pairing_rationale: `${OPENING} Cid Moreira sits out: ${REASON}.`,
  round: 1,
};

const POLISH_REASON =
  'najlepiej dopasowana osoba to Bob Kowalski: ma pas o dwa stopnie niższy (biały wobec purpurowego)';
const POLISH_OPENING = 'Połączono 4 z 5 osób w 2 pary. Pasy: 1 para z tym samym pasem, 1 para o jeden pas.';
const POLISH_PAGE = {
  ...SERVER_PAGE,
  unpaired_student: { studentId: 4, studentName: 'Cid Moreira', reason: POLISH_REASON },
  pairing_rationale: `${POLISH_OPENING} Pauzuje Cid Moreira – ${POLISH_REASON}.`,
};

async function renderPairs(page: object, language: 'en' | 'pl' = 'en') {
  await renderWithApp(<FighterPairs rawFighterPairsJson={JSON.stringify(page)} />, { language });
  const card = document.querySelector('[aria-labelledby="fighter-pairs-title"]');
  if (!(card instanceof HTMLElement)) throw new Error('The fighter pairs card is not shown');
  return card;
}

/** How many times `text` is shown in `card`. */
const times = (card: HTMLElement, text: string) => (card.textContent ?? '').split(text).length - 1;

describe('FighterPairs', () => {
  it('says once why a student sits out: their line names them, the summary gives the reason', async () => {
    const card = await renderPairs(SERVER_PAGE);
    expect(card).toHaveTextContent('Ana Silva & Eve Zielińska');
    expect(card).toHaveTextContent('Bob Kowalski & Dan Nowak');
    expect(screen.getByText('Sitting out this round: Cid Moreira')).toBeInTheDocument();
    expect(screen.getByText(SERVER_PAGE.pairing_rationale)).toBeInTheDocument();
    expect(times(card, 'is two belts lower (White against Purple)')).toBe(1);
  });

  it('does the same in Polish', async () => {
    const card = await renderPairs(POLISH_PAGE, 'pl');
    expect(screen.getByText('W tej rundzie pauzuje: Cid Moreira')).toBeInTheDocument();
    expect(screen.getByText(POLISH_PAGE.pairing_rationale)).toBeInTheDocument();
    expect(times(card, 'ma pas o dwa stopnie niższy')).toBe(1);
  });

  it('leaves the reason to a summary worded otherwise that gives it, naming the student on their line', async () => {
    const rationale = `Paired 4 of 5. Cid Moreira rests this round because ${REASON}, as before.`;
    const card = await renderPairs({ ...SERVER_PAGE, pairing_rationale: rationale });
    expect(screen.getByText('Sitting out this round: Cid Moreira')).toBeInTheDocument();
    expect(screen.getByText(rationale)).toBeInTheDocument();
    expect(times(card, REASON)).toBe(1);
  });

  it('gives the reason on the line when the summary does not', async () => {
    await renderPairs({ ...SERVER_PAGE, pairing_rationale: 'Paired by weight.' });
    expect(screen.getByText(`Sitting out this round: Cid Moreira (${REASON})`)).toBeInTheDocument();
    expect(screen.getByText('Paired by weight.')).toBeInTheDocument();
  });

  it('gives each pair its notes, which the summary refers to (a weight assumed)', async () => {
    const notes = ['5 kg apart, in the same IBJJF weight class', 'Weight assumed for Eve Zielińska: 70 kg'];
    await renderPairs({ ...SERVER_PAGE, pairs: [{ ...PAIRS[0], notes }, PAIRS[1]] });
    const [first, second] = screen.getAllByRole('listitem');
    expect(first).toHaveTextContent(`Ana Silva & Eve Zielińska${notes[0]} · ${notes[1]}`);
    expect(second).toHaveTextContent(/^2\.Bob Kowalski & Dan Nowak$/);
  });

  it('shows the whole summary when nobody sits out', async () => {
    const rationale = 'Paired 4 of 4 students into 2 pairs. Every pair shares a belt.';
    await renderPairs({ ...SERVER_PAGE, unpaired_student: null, pairing_rationale: rationale });
    expect(screen.getByText(rationale)).toBeInTheDocument();
    expect(screen.queryByText(/Sitting out/)).toBeNull();
  });
});
