package org.jbsplib.core.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Every method of {@link Transport} and {@link Endpoint}, the default methods included, reaches the decorated object
 * through {@link ForwardingTransport} and {@link ForwardingEndpoint}: a method added to either interface and not
 * forwarded fails here, instead of silently taking its default in every decorator.
 */
class ForwardingTest {

    @Test
    void shouldForwardEveryTransportMethodToTheDelegate() throws Exception {
        final List<Method> calls = new ArrayList<>();
        final Transport inner = recording(Transport.class, calls);
        final Transport forwarding = new ForwardingTransport(inner) {
        };
        for (final Method m : Transport.class.getMethods()) {
            calls.clear();
            m.invoke(forwarding, arguments(m));
            assertEquals(List.of(m), calls, "Transport." + m.getName() + " is not forwarded");
        }
    }

    @Test
    void shouldForwardEveryEndpointMethodToTheDelegate() throws Exception {
        final List<Method> calls = new ArrayList<>();
        final Endpoint inner = recording(Endpoint.class, calls);
        final Endpoint forwarding = new ForwardingEndpoint(inner) {
        };
        for (final Method m : Endpoint.class.getMethods()) {
            calls.clear();
            m.invoke(forwarding, arguments(m));
            assertEquals(List.of(m), calls, "Endpoint." + m.getName() + " is not forwarded");
        }
    }

    @Test
    void shouldRefuseAMissingDelegateNamingIt() {
        final IllegalArgumentException t = assertThrows(IllegalArgumentException.class,
            () -> new ForwardingTransport(null) {
            });
        assertEquals("delegate=null", t.getMessage());
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new ForwardingEndpoint(null) {
            });
        assertEquals("delegate=null", e.getMessage());
        final IllegalArgumentException c = assertThrows(IllegalArgumentException.class,
            () -> new ChaosTransport(null, 1));
        assertEquals("inner=null", c.getMessage());
    }

    @Test
    void shouldKeepTheDecoratorsOwnAnswers() {
        try (Transport threads = new ThreadsTransport(2, 1 << 16, 2);
            Transport dense = new DenseCountsTransport(threads)) {
            assertTrue(threads.drainsAfterBarrier());
            assertFalse(dense.drainsAfterBarrier(), "the decorator's one change");
            assertEquals(threads.sharesMemory(), dense.sharesMemory());
            assertEquals(threads.directCopies(), dense.directCopies());
            assertEquals("threads+dense-counts", dense.name());
        }
    }

    private static <T> T recording(final Class<T> type, final List<Method> calls) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
            (proxy, method, args) -> {
                calls.add(method);
                return zero(method.getReturnType());
            }));
    }

    private static Object[] arguments(final Method m) {
        final Class<?>[] types = m.getParameterTypes();
        final Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            args[i] = zero(types[i]);
        }
        return args;
    }

    private static Object zero(final Class<?> type) {
        if (type == boolean.class) {
            return false;
        }
        if (type == int.class) {
            return 0;
        }
        if (type == long.class) {
            return 0L;
        }
        return null;
    }
}
