package org.jbsplib.hw.bsr;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Switches (one processor each), their links, and a deterministic destination-based unicast routing
 * {@code nextHop(current, destination)}: the route from a switch to a destination depends only on the two, so routes to
 * the same center merge once they meet and their union is a tree, the BS tree of the paper.
 *
 * <p>Memory: a mesh routes by arithmetic (X-Y); an irregular network computes the up&#42;/down&#42; routing column of a
 * destination when a message first heads there and keeps at most {@value #CACHED_ROUTE_ENTRIES} entries of such
 * columns (at least one column). Past that cap (12,000 switches need 144 million entries for all columns), a column
 * computed for a message leaves the next hops of that message's whole route in a map of (switch, destination) pairs
 * bounded at {@value #ROUTE_PAIRS_PER_SWITCH} per switch, so the later hops of the route, and the same route in the
 * next episode, do not compute the column again. Memory stays linear in the switches when the network grows past the
 * paper's.
 *
 * <p>Threading: not thread-safe (routing columns are computed lazily); confined to the thread running the model.
 */
public final class BsrTopology {
    /** Routing-table entries kept at most for an irregular network (one int each). */
    static final int CACHED_ROUTE_ENTRIES = 1 << 24;
    /** Remembered (switch, destination) next hops per switch, past the cached columns. */
    static final int ROUTE_PAIRS_PER_SWITCH = 64;

    private final int switches;
    private final int[][] neighbors;
    private final int meshWidth;
    private final UpDown upDown;
    private final String description;

    private BsrTopology(final int switches, final int[][] neighbors, final int meshWidth, final UpDown upDown,
        final String description) {
        this.switches = switches;
        this.neighbors = neighbors;
        this.meshWidth = meshWidth;
        this.upDown = upDown;
        this.description = description;
    }

    public int switches() {
        return switches;
    }

    public int[] neighbors(final int s) {
        return neighbors[s].clone();
    }

    /** @return the next switch on the route from {@code from} to {@code to} ({@code to} itself when adjacent) */
    public int nextHop(final int from, final int to) {
        if (upDown != null) {
            return upDown.nextHop(from, to);
        }
        final int fx = from % meshWidth;
        final int fy = from / meshWidth;
        final int tx = to % meshWidth;
        final int ty = to / meshWidth;
        if (fx != tx) {
            return fy * meshWidth + fx + (tx > fx ? 1 : -1);
        } else if (fy != ty) {
            return (fy + (ty > fy ? 1 : -1)) * meshWidth + fx;
        }
        return to;
    }

    /** @return the number of links on the route from {@code from} to {@code to} */
    public int routeLength(final int from, final int to) {
        int hops = 0;
        for (int s = from; s != to; s = nextHop(s, to)) {
            hops++;
        }
        return hops;
    }

    /** @return the routing columns computed so far (0 for a mesh): how often a route had to be worked out */
    long columnsComputed() {
        return upDown == null ? 0 : upDown.computed;
    }

    @Override
    public String toString() {
        return description;
    }

    /**
     * A random irregular network as in the paper's simulation: every switch has {@code switchPorts} ports towards
     * other switches (some may stay unused), connected; routing is up&#42;/down&#42; rooted at switch 0.
     */
    public static BsrTopology randomIrregular(final int switches, final int switchPorts, final long seed) {
        return randomIrregular(switches, switchPorts, seed, CACHED_ROUTE_ENTRIES);
    }

    /** {@link #randomIrregular(int, int, long)} keeping at most {@code cachedRouteEntries} entries of columns. */
    static BsrTopology randomIrregular(final int switches, final int switchPorts, final long seed,
        final int cachedRouteEntries) {
        if (switches < 1) {
            throw new IllegalArgumentException("bsr: switches=" + switches + " must be >= 1");
        }
        if (switchPorts < 2 && switches > 2) {
            throw new IllegalArgumentException("bsr: switchPorts=" + switchPorts + " must be >= 2");
        }
        final Random random = new Random(seed);
        final List<List<Integer>> adj = new ArrayList<>();
        for (int i = 0; i < switches; i++) {
            adj.add(new ArrayList<>());
        }
        // a random spanning tree keeps it connected; then spare ports are paired at random
        final List<Integer> open = new ArrayList<>();
        open.add(0);
        for (int s = 1; s < switches; s++) {
            final int i = random.nextInt(open.size());
            final int t = open.get(i);
            link(adj, s, t);
            if (adj.get(t).size() >= switchPorts) {
                open.remove(i);
            }
            open.add(s);
        }
        for (int attempt = 0; attempt < switches * switchPorts * 4; attempt++) {
            final int a = random.nextInt(switches);
            final int b = random.nextInt(switches);
            if (a != b && adj.get(a).size() < switchPorts && adj.get(b).size() < switchPorts
                && !adj.get(a).contains(b)) {
                link(adj, a, b);
            }
        }
        final int[][] nb = toArrays(adj);
        return new BsrTopology(switches, nb, 0, new UpDown(nb, cachedRouteEntries),
            "random irregular, " + switches + " switches, " + switchPorts + " ports, seed " + seed + ", up*/down*");
    }

    /** A {@code width x height} 2-D mesh; switch {@code y * width + x}; X-Y routing. */
    public static BsrTopology mesh(final int width, final int height) {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("bsr: mesh width=" + width + ", height=" + height + " must be >= 1");
        }
        final int n = width * height;
        final List<List<Integer>> adj = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            adj.add(new ArrayList<>());
        }
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                if (x + 1 < width) {
                    link(adj, y * width + x, y * width + x + 1);
                }
                if (y + 1 < height) {
                    link(adj, y * width + x, (y + 1) * width + x);
                }
            }
        }
        return new BsrTopology(n, toArrays(adj), width, null, width + "x" + height + " mesh, X-Y routing");
    }

    /** An arbitrary network given as undirected links; up&#42;/down&#42; routing rooted at switch 0. */
    public static BsrTopology fromLinks(final int switches, final int[][] links) {
        final List<List<Integer>> adj = new ArrayList<>();
        for (int i = 0; i < switches; i++) {
            adj.add(new ArrayList<>());
        }
        for (int[] l : links) {
            if (l.length != 2 || l[0] < 0 || l[1] < 0 || l[0] >= switches || l[1] >= switches || l[0] == l[1]) {
                throw new IllegalArgumentException("bsr: link=" + Arrays.toString(l) + " is not a pair of switches in "
                    + "[0, " + switches + ")");
            }
            link(adj, l[0], l[1]);
        }
        final int[][] nb = toArrays(adj);
        return new BsrTopology(switches, nb, 0, new UpDown(nb, CACHED_ROUTE_ENTRIES), "given links, " + switches + " switches, up*/down*");
    }

    private static void link(final List<List<Integer>> adj, final int a, final int b) {
        adj.get(a).add(b);
        adj.get(b).add(a);
    }

    private static int[][] toArrays(final List<List<Integer>> adj) {
        final int[][] nb = new int[adj.size()][];
        for (int i = 0; i < nb.length; i++) {
            nb[i] = adj.get(i).stream().mapToInt(Integer::intValue).sorted().toArray();
        }
        return nb;
    }

    /**
     * Up&#42;/down&#42; (Autonet) routing, made destination-based: BFS levels from switch 0 orient each link "up"
     * towards the lower (level, id). From a switch, a packet goes down the shortest down-only path when the destination
     * is reachable that way, else up along the up-link giving the shortest legal route. Once it goes down it stays
     * down, so no route turns from down to up and the routing is deadlock-free. Columns ({@code next[.][d]}) are
     * computed per destination on first use and cached up to a cap of entries; past it, the next hops along the route
     * a column was computed for are remembered per (switch, destination) pair.
     */
    private static final class UpDown {
        private final int[][] nb;
        private final int[] level;
        private final int[] order;
        private final int[][] columns;
        private final int maxColumns;
        private final int[] downDist;
        private final int[] downNext;
        private final int[] dist;
        private final ArrayDeque<Integer> q = new ArrayDeque<>();
        private final RoutePairs pairs;
        private int cached;
        private long computed;

        UpDown(final int[][] nb, final int cachedRouteEntries) {
            this.nb = nb;
            final int n = nb.length;
            level = new int[n];
            Arrays.fill(level, -1);
            level[0] = 0;
            q.add(0);
            while (!q.isEmpty()) {
                final int u = q.poll();
                for (int v : nb[u]) {
                    if (level[v] < 0) {
                        level[v] = level[u] + 1;
                        q.add(v);
                    }
                }
            }
            for (int s = 0; s < n; s++) {
                if (level[s] < 0) {
                    throw new IllegalArgumentException("bsr: the network is not connected: switch " + s
                        + " cannot reach switch 0");
                }
            }
            // switches in increasing (level, id): up-neighbours come first
            final Integer[] sorted = new Integer[n];
            for (int i = 0; i < n; i++) {
                sorted[i] = i;
            }
            Arrays.sort(sorted, (a, b) -> level[a] != level[b] ? Integer.compare(level[a], level[b])
                : Integer.compare(a, b));
            order = new int[n];
            for (int i = 0; i < n; i++) {
                order[i] = sorted[i];
            }
            columns = new int[n][];
            maxColumns = Math.max(1, cachedRouteEntries / n);
            pairs = new RoutePairs((long) ROUTE_PAIRS_PER_SWITCH * n);
            downDist = new int[n];
            downNext = new int[n];
            dist = new int[n];
        }

        int nextHop(final int from, final int d) {
            final int[] c = columns[d];
            if (c != null) {
                return c[from];
            }
            final long key = ((long) from << 32) | d;
            final int known = pairs.get(key);
            if (known >= 0) {
                return known;
            }
            final int[] column = compute(d);
            for (int x = from; x != d; x = column[x]) { // the rest of this route, for its later hops
                pairs.put(((long) x << 32) | d, column[x]);
            }
            return column[from];
        }

        private int[] compute(final int d) {
            if (cached >= maxColumns) {
                Arrays.fill(columns, null); // past the cap: start over rather than grow
                cached = 0;
            }
            final int n = nb.length;
            final int[] next = new int[n];
            // reverse BFS over down-links into d
            Arrays.fill(downDist, Integer.MAX_VALUE);
            downDist[d] = 0;
            q.add(d);
            while (!q.isEmpty()) {
                final int x = q.poll();
                for (int w : nb[x]) {
                    if (isUp(level, x, w) && downDist[w] == Integer.MAX_VALUE) { // w -> x is a down-link
                        downDist[w] = downDist[x] + 1;
                        downNext[w] = x;
                        q.add(w);
                    } else if (isUp(level, x, w) && downDist[w] == downDist[x] + 1 && x < downNext[w]) {
                        downNext[w] = x;
                    }
                }
            }
            for (int i = 0; i < n; i++) {
                final int u = order[i];
                if (downDist[u] != Integer.MAX_VALUE) {
                    dist[u] = downDist[u];
                    next[u] = u == d ? d : downNext[u];
                    continue;
                }
                int best = -1;
                for (int v : nb[u]) {
                    if (isUp(level, u, v) && (best < 0 || dist[v] < dist[best])) {
                        best = v;
                    }
                }
                dist[u] = dist[best] + 1;
                next[u] = best;
            }
            columns[d] = next;
            cached++;
            computed++;
            return next;
        }
    }

    /** @return whether the link from {@code from} to {@code to} goes up */
    private static boolean isUp(final int[] level, final int from, final int to) {
        return level[to] < level[from] || (level[to] == level[from] && to < from);
    }

    /**
     * Next hops by (switch, destination) key, open addressing on primitive arrays; cleared when it reaches its bound
     * (the routes of the running episode are then remembered again as they are used).
     */
    private static final class RoutePairs {
        private static final long EMPTY = -1L;
        private final int bound;
        private long[] keys;
        private int[] values;
        private int size;

        RoutePairs(final long bound) {
            this.bound = (int) Math.min(bound, 1 << 28);
            allocate(16);
        }

        private void allocate(final int capacity) {
            keys = new long[capacity];
            values = new int[capacity];
            Arrays.fill(keys, EMPTY);
            size = 0;
        }

        /** @return the next hop stored for {@code key}, or -1 */
        int get(final long key) {
            final int mask = keys.length - 1;
            for (int i = slot(key, mask);; i = (i + 1) & mask) {
                if (keys[i] == key) {
                    return values[i];
                } else if (keys[i] == EMPTY) {
                    return -1;
                }
            }
        }

        void put(final long key, final int value) {
            if (size >= bound) {
                allocate(keys.length); // start over at the bound rather than grow
            } else if (2 * (size + 1) > keys.length) {
                final long[] oldKeys = keys;
                final int[] oldValues = values;
                allocate(keys.length * 2);
                for (int i = 0; i < oldKeys.length; i++) {
                    if (oldKeys[i] != EMPTY) {
                        insert(oldKeys[i], oldValues[i]);
                    }
                }
            }
            insert(key, value);
        }

        private void insert(final long key, final int value) {
            final int mask = keys.length - 1;
            for (int i = slot(key, mask);; i = (i + 1) & mask) {
                if (keys[i] == key) {
                    values[i] = value;
                    return;
                } else if (keys[i] == EMPTY) {
                    keys[i] = key;
                    values[i] = value;
                    size++;
                    return;
                }
            }
        }

        private static int slot(final long key, final int mask) {
            return (int) ((key * 0x9E3779B97F4A7C15L) >>> 40) & mask;
        }
    }
}
