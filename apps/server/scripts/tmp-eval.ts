import { generatePair } from '../src/analysis/positions/generator.js';
import { modelProbabilities, POSITION_MODEL } from '../src/analysis/positions/model.js';
import { HMM_STATES } from '../src/analysis/positions/hmm.js';
import { seededRandom } from '../src/lib/seeded-random.js';
const careful = { jitter: 0.01, miss: 0.02, hiddenSeen: 0.95, swapAll: 0, swapOne: 0 };
const random = seededRandom(777);
const positions = [...new Set(HMM_STATES.map((s) => s.position))].filter((p) => p !== 'unclear');
for (const mode of ['careful', 'random']) {
  let all = 0, n = 0;
  const line: string[] = [];
  for (const position of positions) {
    const state = HMM_STATES.find((s) => s.position === position)!;
    let right = 0;
    const N = 150;
    for (let i = 0; i < N; i++) {
      const pair = generatePair(random, state, mode === 'careful' ? { noise: careful } : {});
      const p = modelProbabilities(pair.a, pair.b, 16 / 9, POSITION_MODEL);
      if (!p) continue;
      const by = new Map<string, number>();
      p.forEach((v, s) => by.set(HMM_STATES[s]!.position, (by.get(HMM_STATES[s]!.position) ?? 0) + v));
      const best = [...by.entries()].sort((x, y) => y[1] - x[1])[0]![0];
      if (best === position) right++;
    }
    all += right; n += N;
    line.push(`${position} ${(right / N * 100).toFixed(0)}%`);
  }
  console.log(mode, (all / n * 100).toFixed(1), line.join(', '));
}
