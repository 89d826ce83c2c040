package org.jbsplib.api;

/**
 * A handle to a registration made by {@link Bsp#pushReg}: names the registered area of <em>every</em> process
 * that made the matching (same position in call order) {@code pushReg}, and is the destination of {@code put}
 * and the source of {@code get}.
 *
 * <p>A registration takes effect at the next {@link Bsp#sync()}; {@link Bsp#popReg(Reg)} ends it at the next
 * sync. A handle belongs to the process that created it and must not be passed to another process.
 */
public interface Reg {
    /** @return the element type of the local registered area */
    ElementType elementType();

    /** @return the length of the local registered area, in elements */
    int length();

    /** @return the registration's slot, the same on every process, or -1 before the sync that activates it */
    int slot();

    /** @return whether the registration is active now (pushed and synced, not yet popped and synced) */
    boolean isActive();
}
