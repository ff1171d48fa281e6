import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparableName, derivNameMatches } from './deriv-name.ts';

const accented: Record<string, string> = {
  a: 'áàâãä',
  e: 'éèêë',
  i: 'íìîï',
  o: 'óòôõö',
  u: 'úùûü',
  c: 'ç',
  n: 'ñ',
};

/** A plain name: words of ASCII letters separated by single spaces. */
const plainName = fc
  .array(fc.stringMatching(/^[a-z]{1,12}$/), { minLength: 1, maxLength: 5 })
  .map((words) => words.join(' '));

/** The same name as another system may write it: accents, case and spaces changed. */
function disguise(name: string, seed: number[]): string {
  let index = 0;
  const next = () => seed[index++ % seed.length] ?? 0;
  const letters = [...name].map((char) => {
    if (char === ' ') return ' '.repeat(1 + (next() % 3)) + (next() % 5 === 0 ? '\t' : '');
    const options = accented[char];
    const base = options && next() % 2 === 0 ? options[next() % options.length]! : char;
    return next() % 2 === 0 ? base.toUpperCase() : base;
  });
  return `${next() % 2 ? '  ' : ''}${letters.join('')}${next() % 2 ? ' ' : ''}`;
}

describe('derivNameMatches', () => {
  it('matches the examples a Deriv account shows for our customers', () => {
    expect(derivNameMatches('José da Conceição', 'JOSE DA CONCEICAO')).toBe(true);
    expect(derivNameMatches('Maria  da Silva ', 'maria da silva')).toBe(true);
    expect(derivNameMatches('Ana Luísa Müller', 'Ana Luisa Muller')).toBe(true);
    expect(derivNameMatches('Maria da Silva', 'Maria Silva')).toBe(false);
    expect(derivNameMatches('Maria da Silva', 'M. da Silva')).toBe(false);
    expect(derivNameMatches('', '')).toBe(false);
    expect(derivNameMatches('   ', ' ')).toBe(false);
  });

  it('forgives accents, case and spaces: a name always matches itself disguised', () => {
    fc.assert(
      fc.property(plainName, fc.array(fc.nat(1000), { minLength: 1 }), (name, seed) => {
        expect(derivNameMatches(name, disguise(name, seed))).toBe(true);
        expect(derivNameMatches(disguise(name, seed), name)).toBe(true);
      }),
    );
  });

  it('is symmetric, and the comparable form is a fixed point', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(derivNameMatches(a, b)).toBe(derivNameMatches(b, a));
        expect(comparableName(comparableName(a))).toBe(comparableName(a));
      }),
    );
  });

  it('never forgives another letter', () => {
    fc.assert(
      fc.property(plainName, fc.nat(), fc.stringMatching(/^[a-z]$/), (name, at, letter) => {
        const position = at % name.length;
        fc.pre(name[position] !== ' ' && name[position] !== letter);
        const other = name.slice(0, position) + letter + name.slice(position + 1);
        expect(derivNameMatches(name, other)).toBe(false);
      }),
    );
  });
});
