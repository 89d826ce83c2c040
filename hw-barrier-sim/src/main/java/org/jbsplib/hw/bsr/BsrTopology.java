package org.jbsplib.hw.bsr;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Switches (one processor each), their links, and a deterministic destination-based unicast routing table
 * {@code next[current][destination]}: the route from a switch to a destination depends only on the two, so routes to
 * the same center merge once they meet and their union is a tree, the BS tree of the paper.
 *
 * <p>Immutable after construction.
 */
public final class BsrTopology {
    private final int switches;
    private final int[][] neighbors;
    private final int[][] next;
    private final String description;

    private BsrTopology(final int switches, final int[][] neighbors, final int[][] next, final String description) {
        this.switches = switches;
        this.neighbors = neighbors;
        this.next = next;
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
        return next[from][to];
    }

    /** @return the number of links on the route from {@code from} to {@code to} */
    public int routeLength(final int from, final int to) {
        int hops = 0;
        for (int s = from; s != to; s = next[s][to]) {
            hops++;
        }
        return hops;
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
        return new BsrTopology(switches, nb, upDownRouting(nb),
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
        final int[][] next = new int[n][n];
        for (int from = 0; from < n; from++) {
            for (int to = 0; to < n; to++) {
                final int fx = from % width;
                final int fy = from / width;
                final int tx = to % width;
                final int ty = to / width;
                if (fx != tx) {
                    next[from][to] = fy * width + fx + (tx > fx ? 1 : -1);
                } else if (fy != ty) {
                    next[from][to] = (fy + (ty > fy ? 1 : -1)) * width + fx;
                } else {
                    next[from][to] = to;
                }
            }
        }
        return new BsrTopology(n, toArrays(adj), next, width + "x" + height + " mesh, X-Y routing");
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
        return new BsrTopology(switches, nb, upDownRouting(nb), "given links, " + switches + " switches, up*/down*");
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
     * down, so no route turns from down to up and the routing is deadlock-free.
     */
    private static int[][] upDownRouting(final int[][] nb) {
        final int n = nb.length;
        final int[] level = new int[n];
        Arrays.fill(level, -1);
        final ArrayDeque<Integer> q = new ArrayDeque<>();
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
        final Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> level[a] != level[b] ? Integer.compare(level[a], level[b])
            : Integer.compare(a, b));
        final int[][] next = new int[n][n];
        final int[] downDist = new int[n];
        final int[] downNext = new int[n];
        final int[] dist = new int[n];
        for (int d = 0; d < n; d++) {
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
                    next[u][d] = u == d ? d : downNext[u];
                    continue;
                }
                int best = -1;
                for (int v : nb[u]) {
                    if (isUp(level, u, v) && (best < 0 || dist[v] < dist[best])) {
                        best = v;
                    }
                }
                dist[u] = dist[best] + 1;
                next[u][d] = best;
            }
        }
        return next;
    }

    /** @return whether the link from {@code from} to {@code to} goes up */
    private static boolean isUp(final int[] level, final int from, final int to) {
        return level[to] < level[from] || (level[to] == level[from] && to < from);
    }
}
