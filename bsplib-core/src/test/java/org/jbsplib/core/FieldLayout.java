package org.jbsplib.core;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * The JVM's layout of a class's instance fields, read with {@code sun.misc.Unsafe.objectFieldOffset}: for tests that
 * check padding against false sharing.
 */
public final class FieldLayout {
    /** Bytes of a cache line: no byte of another object may lie within this distance of a padded field. */
    public static final int LINE_BYTES = 64;

    private static final sun.misc.Unsafe UNSAFE = unsafe();

    private final Class<?> type;
    private final List<Field> fields = new ArrayList<>();

    private FieldLayout(final Class<?> type) {
        this.type = type;
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (final Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    fields.add(f);
                }
            }
        }
    }

    /** @return the layout of {@code type}'s instances */
    public static FieldLayout of(final Class<?> type) {
        return new FieldLayout(type);
    }

    /** @return the layout of the class named {@code className} */
    public static FieldLayout of(final String className) {
        try {
            return of(Class.forName(className));
        } catch (final ClassNotFoundException e) {
            throw new IllegalArgumentException("className=" + className + " not found", e);
        }
    }

    /** @return the offset of field {@code name} from the start of the object, bytes */
    @SuppressWarnings("deprecation")
    public long offset(final String name) {
        return UNSAFE.objectFieldOffset(field(name));
    }

    /** @return the bytes of the instance fields, from the start of the object to the end of its last field */
    @SuppressWarnings("deprecation")
    public long end() {
        long end = 0;
        for (final Field f : fields) {
            end = Math.max(end, UNSAFE.objectFieldOffset(f) + size(f.getType()));
        }
        return end;
    }

    /** @return bytes from the start of the object to field {@code name} */
    public long before(final String name) {
        return offset(name);
    }

    /** @return bytes from the end of field {@code name} to the end of the object's fields */
    public long after(final String name) {
        return end() - offset(name) - size(field(name).getType());
    }

    private Field field(final String name) {
        for (final Field f : fields) {
            if (f.getName().equals(name)) {
                return f;
            }
        }
        throw new IllegalArgumentException("name=" + name + " is not an instance field of " + type.getName());
    }

    private static int size(final Class<?> t) {
        if (t == long.class || t == double.class) {
            return 8;
        }
        if (t == int.class || t == float.class) {
            return 4;
        }
        if (t == short.class || t == char.class) {
            return 2;
        }
        if (t == byte.class || t == boolean.class) {
            return 1;
        }
        return 4; // a compressed reference; an uncompressed one ends later, which makes after() smaller: stricter
    }

    private static sun.misc.Unsafe unsafe() {
        try {
            final Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (sun.misc.Unsafe) f.get(null);
        } catch (final ReflectiveOperationException e) {
            throw new IllegalStateException("sun.misc.Unsafe unavailable: " + e, e);
        }
    }
}
