/**
 * Maximum-weight matching in general (non-bipartite) weighted graphs.
 *
 * This is Edmonds' blossom algorithm with the primal-dual method, in O(n^3) time, as described by
 * Zvi Galil, "Efficient algorithms for finding maximum matching in graphs", ACM Computing Surveys 18(1),
 * 1986. The bookkeeping (edge endpoints, least-slack edges per S-blossom, dual variables pre-multiplied
 * by two) follows Joris van Rantwijk's mwmatching.py, the same design NetworkX's `max_weight_matching`
 * uses. Terms such as S-blossom, T-vertex, delta1..delta4 are Galil's; read the paper first.
 *
 * With integer weights every dual variable stays an integer (they are stored doubled), so all
 * comparisons are exact. Other finite weights work, with the usual floating-point caveats.
 */

export interface WeightedEdge {
  readonly a: number;
  readonly b: number;
  readonly weight: number;
}

/** Labels of top-level blossoms during a stage. BREADCRUMB marks blossoms on a path being traced. */
const FREE = 0;
const S = 1;
const T = 2;
const BREADCRUMB = 4;

/** Python-style index into a cyclic list, so that negative positions count from the end. */
function wrap(index: number, length: number): number {
  return ((index % length) + length) % length;
}

function item(list: readonly number[], index: number): number {
  const value = list[wrap(index, list.length)];
  if (value === undefined) throw new Error('blossom: empty sub-blossom list');
  return value;
}

/** An Int32Array read; every index used here is in range, so the fallback never shows. */
function at(array: Int32Array, index: number): number {
  return array[index] ?? -1;
}

/** A matching and the vertex duals that prove it optimal. */
export interface MatchingCertificate {
  /** mate[v] is the vertex matched to v, or -1 when v is single. */
  readonly mate: number[];
  /**
   * The optimal duals: duals[v] is twice u(v) for a vertex v < n, duals[b] is z(b) for a blossom
   * b ≥ n. The reduced cost of an edge (i, j, w) is duals[i] + duals[j] − 2w + 2·Σ z(b) over the
   * blossoms that hold both ends; it is ≥ 0 for every edge of the graph and 0 on matched edges.
   */
  readonly duals: Float64Array;
  /** blossomParent[x]: the blossom directly around vertex or blossom x, or -1 at the top. */
  readonly blossomParent: Int32Array;
}

/**
 * Returns `mate`, where `mate[v]` is the vertex matched to `v`, or -1 when `v` is single. Vertices are
 * 0..vertexCount-1; at most one edge per pair of vertices, and no loops. With `maxCardinality`, only
 * matchings of maximum cardinality are considered, and the heaviest of those is returned.
 */
export function maxWeightMatching(
  vertexCount: number,
  edges: readonly WeightedEdge[],
  maxCardinality: boolean,
): number[] {
  return maxWeightMatchingWithDuals(vertexCount, edges, maxCardinality).mate;
}

/** The same as `maxWeightMatching`, and also the vertex duals of the optimum. */
export function maxWeightMatchingWithDuals(
  vertexCount: number,
  edges: readonly WeightedEdge[],
  maxCardinality: boolean,
): MatchingCertificate {
  if (!Number.isInteger(vertexCount) || vertexCount < 0) {
    throw new RangeError('blossom: vertexCount must be a whole number');
  }
  if (edges.length === 0 || vertexCount === 0) {
    return {
      mate: new Array<number>(vertexCount).fill(-1),
      duals: new Float64Array(2 * vertexCount),
      blossomParent: new Int32Array(2 * vertexCount).fill(-1),
    };
  }
  const matcher = new Matcher(vertexCount, edges, maxCardinality);
  const mate = matcher.run();
  return { mate, ...matcher.certificate() };
}

/**
 * The state of one run. It is a class rather than a set of closures so that V8 compiles its methods
 * once for every run: closures made anew per call would deoptimise the hot loops on each call.
 */
class Matcher {
  private readonly n: number;
  private readonly maxCardinality: boolean;
  /** Endpoints 2k and 2k+1 belong to edge k; endpoint[p] is the vertex at endpoint p. */
  private readonly endpoint: Int32Array;
  /** Twice each edge's weight, as the doubled duals are compared against it. */
  private readonly weight2: Float64Array;
  /** Remote endpoints of the edges at vertex v: neighbourEnds[start[v] .. start[v+1]). */
  private readonly start: Int32Array;
  private readonly neighbourEnds: Int32Array;
  /** mate[v]: the remote endpoint of v's matched edge, or -1. */
  private readonly mate: Int32Array;
  /** Vertices are blossoms 0..n-1; non-trivial blossoms take the numbers n..2n-1. */
  private readonly label: Int32Array;
  private readonly labelEnd: Int32Array;
  private readonly inBlossom: Int32Array;
  private readonly blossomParent: Int32Array;
  private readonly blossomChildren: (number[] | null)[];
  private readonly blossomBase: Int32Array;
  /** blossomEnds[b][i]: the local endpoint of child i on the edge that joins it to child i+1. */
  private readonly blossomEnds: (number[] | null)[];
  private readonly bestEdge: Int32Array;
  private readonly blossomBestEdges: (number[] | null)[];
  private readonly unusedBlossoms: number[] = [];
  /** dual[v] = 2·u(v) for vertices; dual[b] = z(b) for non-trivial blossoms. */
  private readonly dual: Float64Array;
  private readonly allowEdge: Uint8Array;
  private queue: number[] = [];

  constructor(n: number, edges: readonly WeightedEdge[], maxCardinality: boolean) {
    const m = edges.length;
    this.n = n;
    this.maxCardinality = maxCardinality;
    this.endpoint = new Int32Array(2 * m);
    this.weight2 = new Float64Array(m);
    const degree = new Int32Array(n + 1);
    let maxWeight = 0;
    edges.forEach((edge, k) => {
      const { a, b, weight: w } = edge;
      if (!Number.isInteger(a) || !Number.isInteger(b) || a < 0 || b < 0 || a >= n || b >= n || a === b) {
        throw new RangeError(`blossom: edge ${String(k)} joins invalid vertices ${String(a)} and ${String(b)}`);
      }
      if (!Number.isFinite(w)) throw new RangeError(`blossom: edge ${String(k)} has a weight that is not finite`);
      this.endpoint[2 * k] = a;
      this.endpoint[2 * k + 1] = b;
      this.weight2[k] = 2 * w;
      degree[a + 1] = at(degree, a + 1) + 1;
      degree[b + 1] = at(degree, b + 1) + 1;
      if (w > maxWeight) maxWeight = w;
    });
    this.start = new Int32Array(n + 1);
    for (let v = 0; v < n; v++) this.start[v + 1] = at(this.start, v) + at(degree, v + 1);
    const fill = this.start.slice(0, n);
    this.neighbourEnds = new Int32Array(2 * m);
    for (let k = 0; k < m; k++) {
      const a = at(this.endpoint, 2 * k);
      const b = at(this.endpoint, 2 * k + 1);
      this.neighbourEnds[at(fill, a)] = 2 * k + 1;
      fill[a] = at(fill, a) + 1;
      this.neighbourEnds[at(fill, b)] = 2 * k;
      fill[b] = at(fill, b) + 1;
    }
    this.mate = new Int32Array(n).fill(-1);
    this.label = new Int32Array(2 * n);
    this.labelEnd = new Int32Array(2 * n).fill(-1);
    this.inBlossom = new Int32Array(n);
    for (let v = 0; v < n; v++) this.inBlossom[v] = v;
    this.blossomParent = new Int32Array(2 * n).fill(-1);
    this.blossomChildren = new Array<number[] | null>(2 * n).fill(null);
    this.blossomBase = new Int32Array(2 * n).fill(-1);
    for (let v = 0; v < n; v++) this.blossomBase[v] = v;
    this.blossomEnds = new Array<number[] | null>(2 * n).fill(null);
    this.bestEdge = new Int32Array(2 * n).fill(-1);
    this.blossomBestEdges = new Array<number[] | null>(2 * n).fill(null);
    for (let b = 2 * n - 1; b >= n; b--) this.unusedBlossoms.push(b);
    this.dual = new Float64Array(2 * n);
    this.dual.fill(maxWeight, 0, n);
    this.allowEdge = new Uint8Array(m);
  }

  private children(b: number): number[] {
    const list = this.blossomChildren[b];
    if (!list) throw new Error(`blossom: ${String(b)} has no sub-blossoms`);
    return list;
  }

  private ends(b: number): number[] {
    const list = this.blossomEnds[b];
    if (!list) throw new Error(`blossom: ${String(b)} has no connecting edges`);
    return list;
  }

  private dualOf(x: number): number {
    return this.dual[x] ?? 0;
  }

  /** Twice the slack of edge k (only meaningful between different top-level blossoms). */
  private slack(k: number): number {
    return this.dualOf(at(this.endpoint, 2 * k)) + this.dualOf(at(this.endpoint, 2 * k + 1)) - (this.weight2[k] ?? 0);
  }

  /** Appends the vertices inside blossom b to `out`, in order. */
  private leaves(b: number, out: number[] = []): number[] {
    if (b < this.n) {
      out.push(b);
    } else {
      for (const child of this.children(b)) this.leaves(child, out);
    }
    return out;
  }

  /** Labels the top-level blossom of vertex w with t, reached through the edge with remote endpoint p. */
  private assignLabel(w: number, t: number, p: number): void {
    const b = at(this.inBlossom, w);
    this.label[w] = t;
    this.label[b] = t;
    this.labelEnd[w] = p;
    this.labelEnd[b] = p;
    this.bestEdge[w] = -1;
    this.bestEdge[b] = -1;
    if (t === S) {
      this.leaves(b, this.queue);
    } else if (t === T) {
      // The base is the only vertex of a T-blossom with a mate outside it; that mate becomes S.
      const baseMate = at(this.mate, at(this.blossomBase, b));
      if (baseMate < 0) throw new Error('blossom: T-blossom base without a mate');
      this.assignLabel(at(this.endpoint, baseMate), S, baseMate ^ 1);
    }
  }

  /** Traces back from v and w; returns the base of a new blossom, or -1 for an augmenting path. */
  private scanBlossom(vertexV: number, vertexW: number): number {
    const path: number[] = [];
    let v = vertexV;
    let w = vertexW;
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = at(this.inBlossom, v);
      if (at(this.label, b) & BREADCRUMB) {
        base = at(this.blossomBase, b);
        break;
      }
      path.push(b);
      this.label[b] = S | BREADCRUMB;
      if (at(this.labelEnd, b) === -1) {
        // The base of b is single: this path ends here.
        v = -1;
      } else {
        v = at(this.endpoint, at(this.labelEnd, b));
        b = at(this.inBlossom, v);
        // b is a T-blossom; step back once more to its S parent.
        v = at(this.endpoint, at(this.labelEnd, b));
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) this.label[b] = S;
    return base;
  }

  /** Makes a new S-blossom with the given base from edge k, which joins two S-vertices. */
  private addBlossom(base: number, k: number): void {
    const { endpoint, inBlossom, labelEnd } = this;
    let v = at(endpoint, 2 * k);
    let w = at(endpoint, 2 * k + 1);
    const bb = at(inBlossom, base);
    let bv = at(inBlossom, v);
    let bw = at(inBlossom, w);
    const b = this.unusedBlossoms.pop();
    if (b === undefined) throw new Error('blossom: ran out of blossom numbers');
    this.blossomBase[b] = base;
    this.blossomParent[b] = -1;
    this.blossomParent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      this.blossomParent[bv] = b;
      path.push(bv);
      endps.push(at(labelEnd, bv));
      v = at(endpoint, at(labelEnd, bv));
      bv = at(inBlossom, v);
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      this.blossomParent[bw] = b;
      path.push(bw);
      endps.push(at(labelEnd, bw) ^ 1);
      w = at(endpoint, at(labelEnd, bw));
      bw = at(inBlossom, w);
    }
    this.blossomChildren[b] = path;
    this.blossomEnds[b] = endps;
    this.label[b] = S;
    this.labelEnd[b] = at(labelEnd, bb);
    this.dual[b] = 0;
    for (const leaf of this.leaves(b)) {
      // A T-vertex becomes S by joining an S-blossom, so it must be scanned.
      if (at(this.label, at(inBlossom, leaf)) === T) this.queue.push(leaf);
      inBlossom[leaf] = b;
    }
    // The least-slack edge from the new blossom to every other S-blossom.
    const bestEdgeTo = new Int32Array(2 * this.n).fill(-1);
    for (const sub of path) {
      const known = this.blossomBestEdges[sub];
      if (known) {
        for (const edge of known) this.considerBestEdge(b, edge, bestEdgeTo);
      } else {
        for (const leaf of this.leaves(sub)) {
          const to = at(this.start, leaf + 1);
          for (let q = at(this.start, leaf); q < to; q++) {
            this.considerBestEdge(b, at(this.neighbourEnds, q) >> 1, bestEdgeTo);
          }
        }
      }
      this.blossomBestEdges[sub] = null;
      this.bestEdge[sub] = -1;
    }
    const best: number[] = [];
    for (const edge of bestEdgeTo) if (edge !== -1) best.push(edge);
    this.blossomBestEdges[b] = best;
    this.bestEdge[b] = -1;
    for (const edge of best) {
      if (at(this.bestEdge, b) === -1 || this.slack(edge) < this.slack(at(this.bestEdge, b))) this.bestEdge[b] = edge;
    }
  }

  private considerBestEdge(b: number, edge: number, bestEdgeTo: Int32Array): void {
    let i = at(this.endpoint, 2 * edge);
    let j = at(this.endpoint, 2 * edge + 1);
    if (at(this.inBlossom, j) === b) [i, j] = [j, i];
    const bj = at(this.inBlossom, j);
    if (
      bj !== b &&
      at(this.label, bj) === S &&
      (at(bestEdgeTo, bj) === -1 || this.slack(edge) < this.slack(at(bestEdgeTo, bj)))
    ) {
      bestEdgeTo[bj] = edge;
    }
  }

  /** Dissolves top-level blossom b; during a stage, relabels the sub-blossoms of a T-blossom. */
  private expandBlossom(b: number, endStage: boolean): void {
    const { endpoint, label, labelEnd } = this;
    for (const sub of this.children(b)) {
      this.blossomParent[sub] = -1;
      if (sub < this.n) {
        this.inBlossom[sub] = sub;
      } else if (endStage && this.dual[sub] === 0) {
        this.expandBlossom(sub, endStage);
      } else {
        for (const leaf of this.leaves(sub)) this.inBlossom[leaf] = sub;
      }
    }
    if (!endStage && at(label, b) === T) {
      const subs = this.children(b);
      const subEnds = this.ends(b);
      // The sub-blossom through which b got its T label; walk from it to the base along the even side.
      const entryChild = at(this.inBlossom, at(endpoint, at(labelEnd, b) ^ 1));
      let j = subs.indexOf(entryChild);
      let step: number;
      let trick: number;
      if (j & 1) {
        j -= subs.length;
        step = 1;
        trick = 0;
      } else {
        step = -1;
        trick = 1;
      }
      let p = at(labelEnd, b);
      while (j !== 0) {
        label[at(endpoint, p ^ 1)] = FREE;
        label[at(endpoint, item(subEnds, j - trick) ^ trick ^ 1)] = FREE;
        this.assignLabel(at(endpoint, p ^ 1), T, p);
        this.allowEdge[item(subEnds, j - trick) >> 1] = 1;
        j += step;
        p = item(subEnds, j - trick) ^ trick;
        this.allowEdge[p >> 1] = 1;
        j += step;
      }
      // The base sub-blossom becomes T without passing the label on to its mate.
      const baseChild = item(subs, j);
      label[at(endpoint, p ^ 1)] = T;
      label[baseChild] = T;
      labelEnd[at(endpoint, p ^ 1)] = p;
      labelEnd[baseChild] = p;
      this.bestEdge[baseChild] = -1;
      j += step;
      while (item(subs, j) !== entryChild) {
        const sub = item(subs, j);
        if (at(label, sub) === S) {
          j += step;
          continue;
        }
        // A sub-blossom on the odd side keeps a T label only if an S-vertex outside reaches into it.
        const reached = this.leaves(sub).find((leaf) => at(label, leaf) !== FREE);
        if (reached !== undefined) {
          label[reached] = FREE;
          label[at(endpoint, at(this.mate, at(this.blossomBase, sub)))] = FREE;
          this.assignLabel(reached, T, at(labelEnd, reached));
        }
        j += step;
      }
    }
    label[b] = -1;
    labelEnd[b] = -1;
    this.blossomChildren[b] = null;
    this.blossomEnds[b] = null;
    this.blossomBase[b] = -1;
    this.blossomBestEdges[b] = null;
    this.bestEdge[b] = -1;
    this.unusedBlossoms.push(b);
  }

  /** Swaps matched and unmatched edges along the even path from vertex v to the base of blossom b. */
  private augmentBlossom(b: number, v: number): void {
    const { endpoint } = this;
    let t = v;
    while (at(this.blossomParent, t) !== b) t = at(this.blossomParent, t);
    if (t >= this.n) this.augmentBlossom(t, v);
    const subs = this.children(b);
    const subEnds = this.ends(b);
    const i = subs.indexOf(t);
    let j = i;
    let step: number;
    let trick: number;
    if (i & 1) {
      j -= subs.length;
      step = 1;
      trick = 0;
    } else {
      step = -1;
      trick = 1;
    }
    while (j !== 0) {
      j += step;
      t = item(subs, j);
      const p = item(subEnds, j - trick) ^ trick;
      if (t >= this.n) this.augmentBlossom(t, at(endpoint, p));
      j += step;
      t = item(subs, j);
      if (t >= this.n) this.augmentBlossom(t, at(endpoint, p ^ 1));
      this.mate[at(endpoint, p)] = p ^ 1;
      this.mate[at(endpoint, p ^ 1)] = p;
    }
    // Rotate so that the sub-blossom holding v becomes the base.
    this.blossomChildren[b] = [...subs.slice(i), ...subs.slice(0, i)];
    this.blossomEnds[b] = [...subEnds.slice(i), ...subEnds.slice(0, i)];
    this.blossomBase[b] = at(this.blossomBase, item(this.children(b), 0));
  }

  /** Augments along the path through edge k, which joins two S-vertices in different trees. */
  private augmentMatching(k: number): void {
    const { endpoint, inBlossom, labelEnd } = this;
    for (const [from, remote] of [
      [at(endpoint, 2 * k), 2 * k + 1],
      [at(endpoint, 2 * k + 1), 2 * k],
    ] as const) {
      let s = from;
      let p = remote;
      for (;;) {
        const bs = at(inBlossom, s);
        if (bs >= this.n) this.augmentBlossom(bs, s);
        this.mate[s] = p;
        if (at(labelEnd, bs) === -1) break;
        const t = at(endpoint, at(labelEnd, bs));
        const bt = at(inBlossom, t);
        s = at(endpoint, at(labelEnd, bt));
        const j = at(endpoint, at(labelEnd, bt) ^ 1);
        if (bt >= this.n) this.augmentBlossom(bt, j);
        this.mate[j] = at(labelEnd, bt);
        p = at(labelEnd, bt) ^ 1;
      }
    }
  }

  /** Grows the alternating trees from the queued S-vertices over tight edges; true once it augmented. */
  private grow(): boolean {
    // The hottest loop: locals instead of property loads, and 2·weight kept per edge.
    const { endpoint, inBlossom, label, labelEnd, allowEdge, bestEdge, dual, weight2, start, neighbourEnds } = this;
    while (this.queue.length > 0) {
      const v = this.queue.pop() ?? -1;
      // Duals only change between calls, so v's own dual is fixed for the whole scan.
      const dualV = dual[v] ?? 0;
      const to = at(start, v + 1);
      for (let q = at(start, v); q < to; q++) {
        const p = at(neighbourEnds, q);
        const w = at(endpoint, p);
        const bv = at(inBlossom, v);
        const bw = at(inBlossom, w);
        if (bv === bw) continue;
        const k = p >> 1;
        if (allowEdge[k] === 0) {
          const kSlack = dualV + (dual[w] ?? 0) - (weight2[k] ?? 0);
          if (kSlack > 0) {
            // Not tight yet: remember the least-slack edge towards an S-blossom or a free vertex.
            if (at(label, bw) === S) {
              if (at(bestEdge, bv) === -1 || kSlack < this.slack(at(bestEdge, bv))) bestEdge[bv] = k;
            } else if (at(label, w) === FREE) {
              if (at(bestEdge, w) === -1 || kSlack < this.slack(at(bestEdge, w))) bestEdge[w] = k;
            }
            continue;
          }
          allowEdge[k] = 1;
        }
        const labelW = at(label, bw);
        if (labelW === FREE) {
          this.assignLabel(w, T, p ^ 1);
        } else if (labelW === S) {
          const base = this.scanBlossom(v, w);
          if (base < 0) {
            this.augmentMatching(k);
            return true;
          }
          this.addBlossom(base, k);
        } else if (at(label, w) === FREE) {
          // w sits inside a T-blossom; remember that it is reachable, for a later expansion.
          label[w] = T;
          labelEnd[w] = p ^ 1;
        }
      }
    }
    return false;
  }

  private minVertexDual(): number {
    let min = Infinity;
    for (let v = 0; v < this.n; v++) min = Math.min(min, this.dualOf(v));
    return min;
  }

  /**
   * No augmenting path over tight edges: changes the duals by the largest safe delta and acts on
   * whatever limited it. Returns false when the optimum is reached.
   */
  private adjustDuals(): boolean {
    const { n, label, inBlossom, bestEdge, blossomParent, blossomBase, dual } = this;
    let deltaType = -1;
    let delta = 0;
    let deltaEdge = -1;
    let deltaBlossom = -1;
    if (!this.maxCardinality) {
      deltaType = 1;
      delta = this.minVertexDual();
    }
    for (let v = 0; v < n; v++) {
      if (at(label, at(inBlossom, v)) === FREE && at(bestEdge, v) !== -1) {
        const d = this.slack(at(bestEdge, v));
        if (deltaType === -1 || d < delta) {
          delta = d;
          deltaType = 2;
          deltaEdge = at(bestEdge, v);
        }
      }
    }
    for (let b = 0; b < 2 * n; b++) {
      if (at(blossomParent, b) === -1 && at(label, b) === S && at(bestEdge, b) !== -1) {
        const d = this.slack(at(bestEdge, b)) / 2;
        if (deltaType === -1 || d < delta) {
          delta = d;
          deltaType = 3;
          deltaEdge = at(bestEdge, b);
        }
      }
    }
    for (let b = n; b < 2 * n; b++) {
      const z = this.dualOf(b);
      if (
        at(blossomBase, b) >= 0 &&
        at(blossomParent, b) === -1 &&
        at(label, b) === T &&
        (deltaType === -1 || z < delta)
      ) {
        delta = z;
        deltaType = 4;
        deltaBlossom = b;
      }
    }
    if (deltaType === -1) {
      // Maximum cardinality reached: one last dual update keeps the optimum verifiable.
      deltaType = 1;
      delta = Math.max(0, this.minVertexDual());
    }

    for (let v = 0; v < n; v++) {
      const l = at(label, at(inBlossom, v));
      if (l === S) dual[v] = this.dualOf(v) - delta;
      else if (l === T) dual[v] = this.dualOf(v) + delta;
    }
    for (let b = n; b < 2 * n; b++) {
      if (at(blossomBase, b) >= 0 && at(blossomParent, b) === -1) {
        if (at(label, b) === S) dual[b] = this.dualOf(b) + delta;
        else if (at(label, b) === T) dual[b] = this.dualOf(b) - delta;
      }
    }

    if (deltaType === 1) return false;
    if (deltaType === 2) {
      this.allowEdge[deltaEdge] = 1;
      let i = at(this.endpoint, 2 * deltaEdge);
      if (at(label, at(inBlossom, i)) === FREE) i = at(this.endpoint, 2 * deltaEdge + 1);
      this.queue.push(i);
    } else if (deltaType === 3) {
      this.allowEdge[deltaEdge] = 1;
      this.queue.push(at(this.endpoint, 2 * deltaEdge));
    } else {
      this.expandBlossom(deltaBlossom, false);
    }
    return true;
  }

  certificate(): { duals: Float64Array; blossomParent: Int32Array } {
    return { duals: this.dual.slice(), blossomParent: this.blossomParent.slice() };
  }

  run(): number[] {
    const { n, label, inBlossom, mate } = this;
    for (let stage = 0; stage < n; stage++) {
      label.fill(FREE);
      this.bestEdge.fill(-1);
      this.blossomBestEdges.fill(null, n);
      this.allowEdge.fill(0);
      this.queue = [];
      for (let v = 0; v < n; v++) {
        if (at(mate, v) === -1 && at(label, at(inBlossom, v)) === FREE) this.assignLabel(v, S, -1);
      }
      let augmented = false;
      for (;;) {
        augmented = this.grow();
        if (augmented || !this.adjustDuals()) break;
      }
      if (!augmented) break;
      // End of stage: S-blossoms whose dual reached zero are no longer needed.
      for (let b = n; b < 2 * n; b++) {
        if (
          at(this.blossomParent, b) === -1 &&
          at(this.blossomBase, b) >= 0 &&
          at(label, b) === S &&
          this.dual[b] === 0
        ) {
          this.expandBlossom(b, true);
        }
      }
    }
    return Array.from(mate, (p) => (p >= 0 ? at(this.endpoint, p) : -1));
  }
}
