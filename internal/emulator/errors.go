package emulator

import (
	"errors"
	"fmt"
	"net/http"
)

// apiError is an error the emulator answers with: a status and a JSON body {"message","status","code"}.
type apiError struct {
	Status  int    `json:"status"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *apiError) Error() string { return e.Message }

func newError(status int, code, format string, args ...any) *apiError {
	return &apiError{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

func badRequest(format string, args ...any) *apiError {
	return newError(http.StatusBadRequest, "invalid-request", format, args...)
}

func notFound(format string, args ...any) *apiError {
	return newError(http.StatusNotFound, "not-found", format, args...)
}

// prefixed returns err with its message prefixed by an operation path (batch errors name the operation).
func prefixed(prefix string, err error) *apiError {
	var e *apiError
	if errors.As(err, &e) {
		return &apiError{Status: e.Status, Code: e.Code, Message: prefix + ": " + e.Message}
	}
	return badRequest("%s: %s", prefix, err.Error())
}

// asAPIError turns any error into an apiError (validation errors are 400).
func asAPIError(err error) *apiError {
	var e *apiError
	if errors.As(err, &e) {
		return e
	}
	return badRequest("%s", err.Error())
}
