package dev.perflab.lab;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The shape of Java source read as text: how long each method is and which packages a
 * file refers to. Comments, strings, character literals and text blocks are blanked out
 * first (their lines kept), so that a brace or a name inside them counts for nothing.
 */
final class SourceShape {

    private static final Pattern TYPE = Pattern.compile("\\b(class|interface|enum|record)\\b");

    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);

    /**
     * A qualified name of the project: its package is what comes before the first
     * capital.
     */
    private static final Pattern REFERENCE = Pattern.compile("\\b(dev\\.perflab(?:\\.[a-z_]\\w*)*)\\.[A-Z]");

    private SourceShape() {
    }

    /**
     * A method or constructor body: where its header ends and how many lines it spans.
     */
    record Method(String header, int line, int lines) {
    }

    /**
     * Every method and constructor declared directly in a class, record, enum or
     * interface body of {@code source} (those of anonymous classes are part of the method
     * they stand in), measured from the line of its opening brace to that of its closing
     * one.
     */
    static List<Method> methods(String source) {
        String code = blanked(source);
        Deque<Integer> starts = new ArrayDeque<>();
        Deque<Boolean> typeBodies = new ArrayDeque<>();
        List<Method> methods = new ArrayList<>();
        StringBuilder header = new StringBuilder();
        String lastHeader = "";
        int line = 1;
        for (int i = 0; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == '\n') {
                line++;
            }
            if (c == '{') {
                boolean inType = typeBodies.isEmpty() || typeBodies.peek();
                String text = header.toString().strip();
                String beforeParen = text.contains("(") ? text.substring(0, text.indexOf('(')) : text;
                boolean type = inType && TYPE.matcher(text).find() && !beforeParen.contains("=");
                boolean method = inType && !type && text.contains("(") && !beforeParen.contains("=");
                typeBodies.push(type);
                starts.push(method ? line : -1);
                lastHeader = method ? text.replaceAll("\\s+", " ") : lastHeader;
                header.setLength(0);
            }
            else if (c == '}') {
                typeBodies.pop();
                int start = starts.pop();
                if (start > 0) {
                    methods.add(new Method(lastOf(lastHeader), start, line - start + 1));
                }
                header.setLength(0);
            }
            else if (c == ';') {
                header.setLength(0);
            }
            else {
                header.append(c);
            }
        }
        return methods;
    }

    private static String lastOf(String header) {
        return header.length() <= 90 ? header : header.substring(header.length() - 90);
    }

    /** The package a source file declares, or "" for none. */
    static String packageOf(String source) {
        Matcher matcher = PACKAGE.matcher(source);
        return matcher.find() ? matcher.group(1) : "";
    }

    /** The project's packages a source file names, in imports or written out in code. */
    static Set<String> referencedPackages(String source) {
        Set<String> packages = new TreeSet<>();
        Matcher matcher = REFERENCE.matcher(blanked(source));
        while (matcher.find()) {
            packages.add(matcher.group(1));
        }
        return packages;
    }

    /**
     * Each package of the tree and the other packages of the tree its files refer to.
     */
    static Map<String, Set<String>> packageGraph(List<Path> files) {
        Map<String, Set<String>> graph = new TreeMap<>();
        for (Path file : files) {
            String source = read(file);
            String own = packageOf(source);
            Set<String> refs = graph.computeIfAbsent(own, p -> new TreeSet<>());
            referencedPackages(source).stream().filter(p -> !p.equals(own)).forEach(refs::add);
        }
        graph.values().forEach(refs -> refs.retainAll(graph.keySet()));
        return graph;
    }

    /** The cycles of a graph: each strongly connected set of two or more packages. */
    static List<Set<String>> cycles(Map<String, Set<String>> graph) {
        return new Tarjan(graph).run();
    }

    /** The .java files under a folder, none when it does not exist. */
    static List<Path> javaFiles(Path root) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /** Comments, strings, characters and text blocks as blanks, newlines kept. */
    static String blanked(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int i = 0;
        while (i < source.length()) {
            int end = endOfBlank(source, i);
            if (end == i) {
                out.append(source.charAt(i++));
                continue;
            }
            source.substring(i, end).chars().filter(c -> c == '\n').forEach(c -> out.append('\n'));
            out.append(' ');
            i = end;
        }
        return out.toString();
    }

    /**
     * Where a comment, string, character or text block starting at i ends; i if none
     * does.
     */
    private static int endOfBlank(String s, int i) {
        if (s.startsWith("\"\"\"", i)) {
            int end = s.indexOf("\"\"\"", i + 3);
            return end < 0 ? s.length() : end + 3;
        }
        if (s.startsWith("//", i)) {
            int end = s.indexOf('\n', i);
            return end < 0 ? s.length() : end;
        }
        if (s.startsWith("/*", i)) {
            int end = s.indexOf("*/", i + 2);
            return end < 0 ? s.length() : end + 2;
        }
        char c = s.charAt(i);
        if (c != '"' && c != '\'') {
            return i;
        }
        int j = i + 1;
        while (j < s.length() && s.charAt(j) != c && s.charAt(j) != '\n') {
            j += s.charAt(j) == '\\' ? 2 : 1;
        }
        return Math.min(j + 1, s.length());
    }

    /** Tarjan's strongly connected components, the sets of two or more. */
    private static final class Tarjan {

        private final Map<String, Set<String>> graph;

        private final Map<String, Integer> index = new HashMap<>();

        private final Map<String, Integer> low = new HashMap<>();

        private final Deque<String> stack = new ArrayDeque<>();

        private final List<Set<String>> cycles = new ArrayList<>();

        private Tarjan(Map<String, Set<String>> graph) {
            this.graph = graph;
        }

        List<Set<String>> run() {
            graph.keySet().stream().filter(p -> !index.containsKey(p)).forEach(this::visit);
            return cycles;
        }

        private void visit(String p) {
            index.put(p, index.size());
            low.put(p, index.get(p));
            stack.push(p);
            for (String next : graph.getOrDefault(p, Set.of())) {
                if (!index.containsKey(next)) {
                    visit(next);
                    low.put(p, Math.min(low.get(p), low.get(next)));
                }
                else if (stack.contains(next)) {
                    low.put(p, Math.min(low.get(p), index.get(next)));
                }
            }
            if (low.get(p).equals(index.get(p))) {
                Set<String> component = new TreeSet<>();
                String member;
                do {
                    member = stack.pop();
                    component.add(member);
                }
                while (!member.equals(p));
                if (component.size() > 1) {
                    cycles.add(component);
                }
            }
        }

    }

}
