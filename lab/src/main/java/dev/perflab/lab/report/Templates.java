package dev.perflab.lab.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;

import com.samskivert.mustache.Escapers;
import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;

import dev.perflab.lab.LabException;

/**
 * The Mustache templates under {@code templates/} in the lab jar, for the report and the
 * comparison.
 */
public final class Templates {

    /** A markdown table cell: only the column separator needs escaping. */
    public static final Mustache.Escaper MARKDOWN = Escapers.simple(new String[][] { { "|", "\\|" } });

    public static final Mustache.Escaper HTML = Escapers
        .simple(new String[][] { { "&", "&amp;" }, { "<", "&lt;" }, { ">", "&gt;" }, { "\"", "&quot;" } });

    private Templates() {
    }

    /**
     * {@code templates/<name>.mustache}, with partials from the same folder; an empty
     * string counts as false in a section.
     */
    public static Template compile(String name, Mustache.Escaper escaper) {
        Mustache.Compiler compiler = Mustache.compiler()
            .withEscaper(escaper)
            .emptyStringIsFalse(true)
            .withLoader(Templates::reader);
        try (Reader reader = reader(name)) {
            return compiler.compile(reader);
        }
        catch (IOException ex) {
            throw new LabException("cannot read the template " + name + ": " + ex.getMessage(), ex);
        }
    }

    private static Reader reader(String name) {
        String path = "/templates/" + name + ".mustache";
        InputStream in = Templates.class.getResourceAsStream(path);
        if (in == null) {
            throw new LabException("template " + path + " is missing from the lab jar: rebuild with make build");
        }
        return new InputStreamReader(in, StandardCharsets.UTF_8);
    }

}
