// The vector pre-selection's accuracy (issue 12): `npm run bench:preselection [-- --pieces 10000 --queries 200]`.
//
// A large owner's vector ranking keeps a pool of their pieces by the signs of the vectors (one bit per dimension),
// then re-ranks that pool exactly (server/db/vector-store.ts). Whatever of the exact six best is not in the pool is
// lost. This measures, for one owner of `pieces` 1,536-dimension vectors, which share of the exact six best each way
// of choosing the pool keeps, for pools of 50 to 400:
//   - "both as signs": the database's order (vector-store.ts): bits set in both, over the square root of the piece's;
//   - "question kept whole": the order of the process's copy (ranking-index.ts, preselectBySigns, called here): the
//     question's components summed with the piece's signs;
// and how long preselectBySigns takes to choose the product's pool of 150.
//
// The vectors are synthetic (no embedding model can be reached from here), in three shapes: every dimension has its
// own scale and a shared offset (real embeddings are not centred on zero), pieces are scattered around topic centres,
// and each question is a stored piece moved about as far again (its six best have a cosine of about 0.3–0.4, the
// median piece about 0.05). "Tight" topics are many and narrow, "spread" ones few and wide.
import { bestByScore, type OwnerRankingIndex, preselectBySigns } from "../server/ai/ranking-index";
import { percentile } from "./percentile";

const DIMENSIONS = 1536;
const WORDS = DIMENSIONS / 32;
const BEST = 6;
const POOLS = [50, 100, 150, 200, 400];
const MODEL = "bench-model";
const SHAPES = [
  { name: "tight topics", topics: 200, scatter: 1.0, questionNoise: 0.04 },
  { name: "topics", topics: 60, scatter: 1.2, questionNoise: 0.035 },
  { name: "spread topics", topics: 20, scatter: 1.5, questionNoise: 0.03 },
];

const pieces = numberOption("--pieces", 10_000);
const queries = numberOption("--queries", 200);

/** A fixed pseudo-random sequence, so that runs are comparable. */
let state = 42;
function uniform(): number {
  state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
  return state / 2 ** 32;
}
function gaussian(): number {
  return Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform());
}
function normalized(vector: Float64Array): Float64Array {
  const length = Math.hypot(...vector);
  return vector.map((value) => value / length);
}
function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let dimension = 0; dimension < DIMENSIONS; dimension++) sum += (a[dimension] ?? 0) * (b[dimension] ?? 0);
  return sum;
}
function bitCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
function signsOf(vector: Float64Array, into: Int32Array, offset: number): void {
  for (let dimension = 0; dimension < DIMENSIONS; dimension++) {
    const word = offset + (dimension >>> 5);
    if ((vector[dimension] ?? 0) > 0) into[word] = (into[word] ?? 0) | (1 << (dimension & 31));
  }
}

const ids = Array.from({ length: pieces }, (_, index) => String(index).padStart(8, "0"));
print(`${pieces} pieces of ${DIMENSIONS} dimensions, ${queries} questions per shape`);
print("share of the exact six best inside the pool:");
print(`${"".padEnd(44)}${POOLS.map((pool) => `pool ${pool}`.padStart(10)).join("")}`);
const timings: number[] = [];
for (const shape of SHAPES) {
  const scale = Float64Array.from({ length: DIMENSIONS }, () => 0.3 + Math.abs(gaussian()));
  const offset = Float64Array.from({ length: DIMENSIONS }, () => 0.4 * gaussian());
  const topics = Array.from({ length: shape.topics }, () => Float64Array.from({ length: DIMENSIONS }, gaussian));
  const vectors = Array.from({ length: pieces }, () => {
    const topic = topics[Math.floor(uniform() * shape.topics)] ?? topics[0];
    return normalized(
      Float64Array.from(
        { length: DIMENSIONS },
        (_, d) => ((offset[d] ?? 0) + (topic?.[d] ?? 0) + shape.scatter * gaussian()) * (scale[d] ?? 1),
      ),
    );
  });
  const signs = new Int32Array(pieces * WORDS);
  for (const [index, vector] of vectors.entries()) signsOf(vector, signs, index * WORDS);
  const ones = Float64Array.from({ length: pieces }, (_, index) => {
    let count = 0;
    for (let word = 0; word < WORDS; word++) count += bitCount(signs[index * WORDS + word] ?? 0);
    return Math.sqrt(Math.max(count, 1));
  });
  const copy: OwnerRankingIndex = {
    userId: "bench",
    version: "1",
    ids,
    lengths: new Float64Array(pieces),
    departmentOf: new Uint16Array(pieces),
    departments: ["knowledge"],
    sourceOf: new Int32Array(pieces).fill(-1),
    sources: [],
    postings: new Map(),
    signs: new Map([[`${MODEL}/${DIMENSIONS}`, { pieces: Uint32Array.from(ids.keys()), words: WORDS, signs }]]),
    levels: new Map(),
    bytes: 0,
    buildMs: 0,
  };
  const everyPiece = [...ids.keys()];
  const kept = { both: POOLS.map(() => 0), whole: POOLS.map(() => 0) };
  for (let question = 0; question < queries; question++) {
    const target = vectors[Math.floor(uniform() * pieces)] ?? new Float64Array(DIMENSIONS);
    const vector = normalized(target.map((value) => value + shape.questionNoise * gaussian()));
    const exact = new Set(
      bestByScore(
        everyPiece,
        Float64Array.from(vectors, (piece) => dot(piece, vector)),
        BEST,
      ),
    );
    const querySigns = new Int32Array(WORDS);
    signsOf(vector, querySigns, 0);
    const bothScores = Float64Array.from({ length: pieces }, (_, index) => {
      let shared = 0;
      for (let word = 0; word < WORDS; word++) {
        shared += bitCount((signs[index * WORDS + word] ?? 0) & (querySigns[word] ?? 0));
      }
      return shared / (ones[index] ?? 1);
    });
    const asked = { model: MODEL, vector: [...vector] };
    for (const [at, pool] of POOLS.entries()) {
      const both = bestByScore(everyPiece, bothScores, pool);
      kept.both[at] = (kept.both[at] ?? 0) + both.filter((index) => exact.has(index)).length / BEST;
      const began = performance.now();
      const whole = preselectBySigns(copy, { closedSources: [] }, asked, pool) ?? [];
      if (pool === 150) timings.push(performance.now() - began);
      kept.whole[at] = (kept.whole[at] ?? 0) + whole.filter((id) => exact.has(Number(id))).length / BEST;
    }
  }
  print(shape.name);
  for (const [way, shares] of [
    ["both as signs (the database's order)", kept.both],
    ["question kept whole (the copy's order)", kept.whole],
  ] as const) {
    print(`  ${way}`.padEnd(44) + shares.map((share) => (share / queries).toFixed(3).padStart(10)).join(""));
  }
}
print(
  `preselectBySigns, a pool of 150 among ${pieces} pieces: p50 ${percentile(timings, 50).toFixed(2)} ms, p95 ${percentile(timings, 95).toFixed(2)} ms`,
);

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

function numberOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
