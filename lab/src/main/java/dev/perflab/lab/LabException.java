package dev.perflab.lab;

/** A problem the user can fix: its message is printed as one line, naming the problem and the fix. */
public class LabException extends RuntimeException {

    public LabException(String message) {
        super(message);
    }

    public LabException(String message, Throwable cause) {
        super(message, cause);
    }
}
