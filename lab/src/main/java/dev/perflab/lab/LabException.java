package dev.perflab.lab;

/**
 * A problem the user can fix: its message is printed as one line, naming the problem and
 * the fix.
 */
public class LabException extends RuntimeException {

    public LabException(String message) {
        super(message);
    }

    public LabException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * What went wrong, for a message: the exception's own message, or its type when it
     * has none (an {@code IOException} from a dropped connection may carry no message at
     * all, and "cannot scrape ...: null" tells the user nothing).
     */
    public static String describe(Throwable ex) {
        String message = ex.getMessage();
        if (message != null && !message.isBlank()) {
            return message;
        }
        Throwable cause = ex.getCause();
        if (cause == null || cause == ex) {
            return ex.getClass().getSimpleName();
        }
        String causeMessage = cause.getMessage();
        return ex.getClass().getSimpleName() + " (caused by " + cause.getClass().getSimpleName()
                + (causeMessage == null || causeMessage.isBlank() ? "" : ": " + causeMessage) + ")";
    }

}
