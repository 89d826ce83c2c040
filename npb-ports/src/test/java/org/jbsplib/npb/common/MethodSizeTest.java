package org.jbsplib.npb.common;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.jbsplib.npb.ft.FtKernel;
import org.jbsplib.npb.lu.LuKernel;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * HotSpot does not compile a method of more than 8,000 bytes of bytecode (HugeMethodLimit): such a method would run
 * interpreted for the whole benchmark. Every method of the kernels' packages stays below it.
 */
class MethodSizeTest {
    private static final int HUGE_METHOD_LIMIT = 8000;

    @ParameterizedTest(name = "{0}")
    @ValueSource(classes = {LuKernel.class, FtKernel.class})
    void shouldKeepEveryMethodOfTheKernelPackageCompilable(final Class<?> kernel) throws Exception {
        final List<String> huge = new ArrayList<>();
        int methods = 0;
        for (final Path file : classFiles(kernel)) {
            for (final String[] m : codeLengths(Files.readAllBytes(file))) {
                methods++;
                if (Integer.parseInt(m[1]) > HUGE_METHOD_LIMIT) {
                    huge.add(file.getFileName() + " " + m[0] + ": " + m[1] + " bytes");
                }
            }
        }
        assertTrue(methods > 20, () -> "too few methods found next to " + kernel);
        assertTrue(huge.isEmpty(), () -> "methods over " + HUGE_METHOD_LIMIT + " bytes of bytecode: " + huge);
    }

    private static List<Path> classFiles(final Class<?> kernel) throws IOException, URISyntaxException {
        final Path dir = Path.of(kernel.getResource(kernel.getSimpleName() + ".class").toURI()).getParent();
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".class")).toList();
        }
    }

    /** @return name + descriptor and code length of every method with code, read from a class file (JVMS 4) */
    private static List<String[]> codeLengths(final byte[] classFile) throws IOException {
        final DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
        in.skipBytes(8); // magic, minor, major
        final int count = in.readUnsignedShort();
        final String[] utf8 = new String[count];
        for (int i = 1; i < count; i++) {
            final int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7, 8, 16, 19, 20 -> in.skipBytes(2);
                case 15 -> in.skipBytes(3);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                case 5, 6 -> {
                    in.skipBytes(8);
                    i++;
                }
                default -> throw new IOException("constant pool tag=" + tag + " at index " + i);
            }
        }
        in.skipBytes(6); // access, this, super
        in.skipBytes(2 * in.readUnsignedShort()); // interfaces
        final int fields = in.readUnsignedShort();
        for (int f = 0; f < fields; f++) {
            in.skipBytes(6);
            skipAttributes(in);
        }
        final List<String[]> out = new ArrayList<>();
        final int methods = in.readUnsignedShort();
        for (int m = 0; m < methods; m++) {
            in.skipBytes(2);
            final String name = utf8[in.readUnsignedShort()] + utf8[in.readUnsignedShort()];
            final int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                final String attribute = utf8[in.readUnsignedShort()];
                final int length = in.readInt();
                if ("Code".equals(attribute)) {
                    in.skipBytes(4); // max_stack, max_locals
                    final int code = in.readInt();
                    out.add(new String[] {name, Integer.toString(code)});
                    in.skipBytes(length - 8);
                } else {
                    in.skipBytes(length);
                }
            }
        }
        return out;
    }

    private static void skipAttributes(final DataInputStream in) throws IOException {
        final int attributes = in.readUnsignedShort();
        for (int a = 0; a < attributes; a++) {
            in.skipBytes(2);
            in.skipBytes(in.readInt());
        }
    }
}
