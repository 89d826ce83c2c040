/**
 * JMH benchmarks of the runtime, each next to a JDK reference measured in the same run:
 * {@link org.jbsplib.bench.SyncBenchmark} (empty sync vs {@code CyclicBarrier} and {@code Phaser}) and
 * {@link org.jbsplib.bench.PutBandwidthBenchmark} (put + sync vs {@code System.arraycopy}) and
 * {@link org.jbsplib.bench.CollectivesBenchmark} (broadcast, allReduce and all-to-all of the collectives module vs
 * the same pattern with hand-written puts vs threads sharing arrays at a {@code Phaser} or a {@code CyclicBarrier}).
 *
 * <p>Run: {@code mvn -B -q -pl bsplib-bench -am package -DskipTests && java -jar bsplib-bench/target/benchmarks.jar};
 * the module's README gives the exact commands and how to read the results.
 */
package org.jbsplib.bench;
