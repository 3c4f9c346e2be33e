import { describe, expect, it } from 'vitest';
import { LoginRequest, RegisterFighterRequest } from './auth.js';
import { Id, IdParam, MAX_ID, multiLineText, singleLineText } from './primitives.js';

describe('ids', () => {
  it('are whole numbers from 1 to what a PostgreSQL integer holds', () => {
    expect(MAX_ID).toBe(2 ** 31 - 1);
    for (const ok of [1, 42, MAX_ID]) expect(Id.safeParse(ok).success).toBe(true);
    for (const bad of [0, -1, 1.5, 2 ** 31, 2 ** 53, 1e308, Number.NaN, Infinity, '1', null]) {
      expect(Id.safeParse(bad).success).toBe(false);
    }
    expect(Id.safeParse(2 ** 31).error?.issues[0]?.message).toBe(`Ids are whole numbers from 1 to ${MAX_ID}.`);
  });

  it('in a path arrive as text and are bounded the same', () => {
    expect(IdParam.parse('7')).toBe(7);
    expect(IdParam.parse(String(MAX_ID))).toBe(MAX_ID);
    for (const bad of ['0', '-1', '1.5', '2147483648', '9007199254740993', '1e308', 'abc', '', 'Infinity']) {
      expect(IdParam.safeParse(bad).success).toBe(false);
    }
  });
});

describe('text from clients', () => {
  it('refuses C0 control characters and DEL on a single line, naming the problem', () => {
    const name = singleLineText('names');
    expect(name.safeParse('Zażółć Gęślą').success).toBe(true);
    for (const bad of ['a\u0000b', '\u0000', 'tab\there', 'line\nbreak', 'cr\r', '\u001b[31m', 'del\u007f']) {
      expect(name.safeParse(bad).error?.issues[0]?.message).toBe(
        'Names must not contain control characters such as NUL or escape.',
      );
    }
  });

  it('lets multi-line text keep tabs and line breaks, and nothing else of the kind', () => {
    const description = multiLineText('descriptions');
    expect(description.safeParse('Warm-up\n\tdrills\r\nsparring').success).toBe(true);
    for (const bad of ['a\u0000b', '\u0007', '\u000b', '\u000c', '\u001f', '\u007f']) {
      expect(description.safeParse(bad).success).toBe(false);
    }
  });

  it('refuses half of a surrogate pair, which cannot be stored, and keeps whole pairs such as emoji', () => {
    const message = 'Text must be valid Unicode: it holds half of a surrogate pair, which cannot be stored.';
    for (const text of [singleLineText('names'), multiLineText('descriptions')]) {
      expect(text.safeParse('Armbar 🥋 chain').success).toBe(true);
      for (const bad of ['\ud800', 'a\udc00b', 'end\ud83e', '\udd4b\ud83e']) {
        expect(text.safeParse(bad).error?.issues[0]?.message).toBe(message);
      }
    }
  });

  it('names the field in the issue path of a request', () => {
    const login = LoginRequest.safeParse({ email: 'a\u0000@example.com', password: 'secret1\u0000' });
    expect(login.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['email', 'password']);
    const register = RegisterFighterRequest.safeParse({
      email: 'coach@example.com',
      password: 'mat-time-42',
      fighterRole: 'Instructor',
      fighterName: 'Ana\u0000',
      height: 170,
      weight: 65,
      gender: 'Female',
      birthdate: '1990-06-15',
      maxWorkoutDuration: 5,
      experience: 1,
      beltColor: 'Blue',
    });
    expect(register.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['fighterName']);
  });
});
