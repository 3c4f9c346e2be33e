import { describe, expect, it } from 'vitest';
import en from '../../public/localization/en/translation.json';
import pl from '../../public/localization/pl/translation.json';

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') {
    out.set(prefix, value);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const english = flatten(en);
  const polish = flatten(pl);

  it('have the same keys in English and Polish', () => {
    const onlyEnglish = [...english.keys()].filter((key) => !polish.has(key));
    const onlyPolish = [...polish.keys()].filter((key) => !english.has(key));
    expect({ onlyEnglish, onlyPolish }).toEqual({ onlyEnglish: [], onlyPolish: [] });
  });

  it('have no empty texts', () => {
    const empty = [...english, ...polish].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('use the same {{placeholders}} in both languages', () => {
    const mismatched = [...english].filter(([key, text]) => {
      const other = polish.get(key);
      return other !== undefined && placeholders(text).join() !== placeholders(other).join();
    });
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });
});
