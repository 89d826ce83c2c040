/**
 * Thin adapters from the hardware models to the barrier SPI ({@link org.jbsplib.api.spi.BarrierProvider}): the
 * backends {@code papers}, {@code reflex}, {@code bsr}, {@code nic-gb}, {@code nic-pe}, {@code host-gb} and
 * {@code host-pe}, selected as {@code --barrier papers:preset=papers0-2op,mode=account,portOpsPerSec=1e6}.
 */
package org.jbsplib.hw.spi;
